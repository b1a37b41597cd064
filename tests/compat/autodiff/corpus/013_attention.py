def fn(x: Tensor, wq: Tensor, wk: Tensor, wv: Tensor):
    q = torch.matmul(x, wq)
    k = torch.matmul(x, wk)
    v = torch.matmul(x, wv)
    scores = torch.matmul(q, k.transpose(0, 1)) / 2.0
    att = torch.softmax(scores, 1)
    out = torch.matmul(att, v)
    loss = (out * out).sum() + att.pow(2.0).mean()
    g = torch.autograd.grad([loss], [x, wq, wk, wv], create_graph=True)
    g0 = g[0]
    assert g0 is not None
    gg = torch.autograd.grad([g0.pow(2.0).sum()], [wq])
    return loss, g, gg


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [4, 3], "data": [0.0, 0.350477, 0.64562, 0.838835, 0.899616, 0.818368, 0.607917, 0.301489, -0.052537, -0.398268, -0.681122, -0.856442], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [3, 3], "data": [0.08985, 0.350477, 0.579796, 0.757324, 0.867202, 0.899616, 0.85167, 0.727647, 0.538625], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [3, 3], "data": [0.178802, 0.704994, 0.899616, 0.671135, 0.127008, -0.476853, -0.856442, -0.833233, -0.418142], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [3, 3], "data": [0.704994, 0.886905, 0.85167, 0.607917, 0.215324, -0.229987, -0.61899, -0.856442, -0.884207], "requires_grad": true}}]
# EXPECT: "run"
