def fn(x: Tensor, target: Tensor, w1: Tensor, b1: Tensor, w2: Tensor):
    losses: List[float] = []
    for step in range(20):
        h = torch.tanh(torch.matmul(x, w1) + b1)
        out = torch.matmul(h, w2)
        loss = (out - target).pow(2.0).sum() * 0.5
        gs = torch.autograd.grad([loss], [w1, b1, w2])
        g1 = gs[0]
        gb = gs[1]
        g2 = gs[2]
        assert g1 is not None
        assert gb is not None
        assert g2 is not None
        with torch.no_grad():
            w1.sub_(g1 * 0.05)
            b1.sub_(gb * 0.05)
            w2.sub_(g2 * 0.05)
        losses.append(loss.item())
    return losses, w1, b1, w2


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [6, 3], "data": [0.0, 0.757324, 0.818368, 0.127008, -0.681122, -0.863032, -0.251474, 0.591288, 0.890422, 0.370907, -0.489619, -0.899991, -0.482916, 0.37815, 0.891547, 0.585259, -0.259113, -0.865258]}}, {"tensor": {"dtype": "float64", "sizes": [6, 2], "data": [0.757324, 0.886905, 0.876463, 0.727647, 0.463951, 0.127008, -0.229987, -0.550672, -0.784418, -0.894322, -0.863032, -0.695488]}}, {"tensor": {"dtype": "float64", "sizes": [3, 4], "data": [0.0, 0.265968, 0.508178, 0.704994, 0.838835, 0.897745, 0.876463, 0.776888, 0.607917, 0.384642, 0.127008, -0.141971], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [4], "data": [0.0, 0.64562, 0.899616, 0.607917], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [4, 2], "data": [0.265968, 0.64562, 0.867202, 0.876463, 0.671135, 0.301489, -0.141971, -0.550672], "requires_grad": true}}]
# EXPECT: "run"
