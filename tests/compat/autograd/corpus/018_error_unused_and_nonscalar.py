def fn():
    x = torch.sin(torch.arange(3, dtype=torch.float64)).requires_grad_()
    u = torch.ones(2, dtype=torch.float64).requires_grad_()
    y = (x * x).sum()
    return torch.autograd.grad([y], [x, u])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "One of the differentiated Tensors appears to not have been used in the graph"
