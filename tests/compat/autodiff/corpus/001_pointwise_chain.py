def fn(x: Tensor, y: Tensor):
    z = (x * y + x.sin()).tanh()
    w = z * z - x.exp() / 3.0
    g = torch.autograd.grad([w.sum()], [x])
    return w, g


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [3, 4], "data": [0.0, 0.757324, 0.818368, 0.127008, -0.681122, -0.863032, -0.251474, 0.591288, 0.890422, 0.370907, -0.489619, -0.899991], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [3, 4], "data": [0.757324, 0.892498, 0.607917, 0.037423, -0.550672, -0.879777, -0.795109, -0.336489, 0.280387, 0.765393, 0.890422, 0.596672]}}]
# EXPECT: "run"
