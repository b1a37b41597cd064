def fn(x: Tensor):
    y = (x.sin() * x).sum()
    g1 = torch.autograd.grad([y], [x], retain_graph=True)
    g2 = torch.autograd.grad([y], [x])
    g3 = torch.autograd.grad([y], [x])
    return g1, g2, g3


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [4], "data": [0.0, 0.757324, 0.818368, 0.127008], "requires_grad": true}}]
# EXPECT: "runtime_error"
# MATCH: "Trying to backward through the graph a second time"
