def fn(x: Tensor, w1: Tensor, b1: Tensor, w2: Tensor, b2: Tensor, target: Tensor):
    h = torch.relu(torch.matmul(x, w1) + b1)
    out = torch.matmul(h, w2) + b2
    loss = (out - target).pow(2.0).mean()
    gs = torch.autograd.grad([loss], [w1, b1, w2, b2])
    return loss, gs


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [4, 3], "data": [0.0, 0.757324, 0.818368, 0.127008, -0.681122, -0.863032, -0.251474, 0.591288, 0.890422, 0.370907, -0.489619, -0.899991]}}, {"tensor": {"dtype": "float64", "sizes": [3, 5], "data": [0.0, 0.265968, 0.508178, 0.704994, 0.838835, 0.897745, 0.876463, 0.776888, 0.607917, 0.384642, 0.127008, -0.141971, -0.398268, -0.61899, -0.784418], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [5], "data": [0.178802, 0.579796, 0.838835, 0.892498, 0.727647], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [5, 2], "data": [0.431483, 0.704994, 0.867202, 0.892498, 0.776888, 0.538625, 0.215324, -0.141971, -0.476853, -0.736449], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [2], "data": [0.0, 0.802087], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [4, 2], "data": [0.818368, 0.727647, 0.607917, 0.463951, 0.301489, 0.127008, -0.052537, -0.229987]}}]
# EXPECT: "run"
