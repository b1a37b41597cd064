def fn(x: Tensor, b: Tensor, s: Tensor):
    y = x * b + s
    z = (y.to(torch.float64) * 2 - b).relu()
    w = torch.where(x > 0.0, z, x * 0.5)
    g = torch.autograd.grad([w.sum()], [x, b, s])
    return w, g


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3, 4], "data": [0.0, 0.757324, 0.818368, 0.127008, -0.681122, -0.863032, -0.251474, 0.591288, 0.890422, 0.370907, -0.489619, -0.899991], "requires_grad": true}}, {"tensor": {"dtype": "float32", "sizes": [4], "data": [0.757324, 0.897745, 0.818368, 0.538625], "requires_grad": true}}, {"tensor": {"dtype": "float32", "sizes": [1], "data": [0.265968], "requires_grad": true}}]
# EXPECT: "run"
