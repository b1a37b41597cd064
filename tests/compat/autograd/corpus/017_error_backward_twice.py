def fn():
    x = torch.sin(torch.arange(3, dtype=torch.float64)).requires_grad_()
    y = (x * x).sum()
    y.backward()
    y.backward()
    return x.grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "Trying to backward through the graph a second time"
