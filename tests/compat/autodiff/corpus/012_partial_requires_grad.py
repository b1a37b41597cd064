def fn(a: Tensor, b: Tensor, c: Tensor):
    y = torch.matmul(a, b).tanh() * c
    z = (y + a.sum(1, keepdim=True)).exp().mean()
    return z, torch.autograd.grad([z], [b])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [3, 4], "data": [0.0, 0.757324, 0.818368, 0.127008, -0.681122, -0.863032, -0.251474, 0.591288, 0.890422, 0.370907, -0.489619, -0.899991]}}, {"tensor": {"dtype": "float64", "sizes": [4, 2], "data": [0.0, 0.265968, 0.508178, 0.704994, 0.838835, 0.897745, 0.876463, 0.776888], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [3, 2], "data": [0.0, 0.64562, 0.899616, 0.607917, -0.052537, -0.681122]}}]
# EXPECT: "run"
