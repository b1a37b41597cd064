def fn():
    # nextafter is recorded, and its derivatives.yaml entry is not_implemented("nextafter")
    # (not_implemented.cpp); the in-place form gives the same error.
    x = torch.sin(torch.arange(6, dtype=torch.float64) * 0.37 + 0.1).requires_grad_()
    y = x * 3.0
    y.nextafter_(torch.zeros(6, dtype=torch.float64))
    return torch.autograd.grad([y.sum()], [x])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "the derivative for 'nextafter' is not implemented."
