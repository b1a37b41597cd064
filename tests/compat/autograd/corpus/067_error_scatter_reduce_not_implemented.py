def fn():
    # PyTorch 1.13 records scatter with reduce= but has no derivative for it (not_implemented.cpp).
    x = torch.sin(torch.arange(6, dtype=torch.float64) * 0.37 + 0.1).requires_grad_()
    src = torch.cos(torch.arange(2, dtype=torch.float64))
    y = torch.scatter(x * 2.0, 0, torch.tensor([1, 4]), src, reduce="multiply")
    return torch.autograd.grad([y.sum()], [x])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "derivative for aten::scatter is not implemented"
