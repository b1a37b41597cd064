def fn():
    x = torch.sin(torch.arange(3, dtype=torch.float64)).requires_grad_()
    y = x * 2.0
    y.backward()
    return x.grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "grad can be implicitly created only for scalar outputs"
