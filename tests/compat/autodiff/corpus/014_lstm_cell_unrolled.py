def fn(xs: Tensor, h0: Tensor, c0: Tensor, wi: Tensor, wh: Tensor, b: Tensor):
    h = h0
    c = c0
    for t in range(3):
        gates = torch.matmul(xs[t], wi) + torch.matmul(h, wh) + b
        i = torch.sigmoid(gates[:, 0:2])
        f = torch.sigmoid(gates[:, 2:4])
        g = torch.tanh(gates[:, 4:6])
        o = torch.sigmoid(gates[:, 6:8])
        c = f * c + i * g
        h = o * torch.tanh(c)
    loss = h.pow(2.0).sum() + c.sum()
    return loss, torch.autograd.grad([loss], [wi, wh, b, h0])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [3, 2, 3], "data": [0.0, 0.508178, 0.838835, 0.876463, 0.607917, 0.127008, -0.398268, -0.784418, -0.896548, -0.695488, -0.251474, 0.280387, 0.714301, 0.898689, 0.769139, 0.370907, -0.156894, -0.629887]}}, {"tensor": {"dtype": "float64", "sizes": [2, 2], "data": [0.0, 0.178802, 0.350477, 0.508178], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [2, 2], "data": [0.0, 0.704994, 0.876463, 0.384642]}}, {"tensor": {"dtype": "float64", "sizes": [3, 8], "data": [0.0, 0.308608, 0.579796, 0.780681, 0.886905, 0.885587, 0.776888, 0.573988, 0.301489, -0.007567, -0.315705, -0.585563, -0.784418, -0.888159, -0.884207, -0.773041, -0.56814, -0.294349, 0.015133, 0.322779, 0.591288, 0.7881, 0.889351, 0.882765], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [2, 8], "data": [0.431483, 0.732074, 0.886905, 0.865148, 0.671135, 0.343495, -0.052537, -0.438108, -0.736449, -0.888159, -0.863032, -0.66607, -0.336489, 0.060088, 0.444702, 0.740773], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [8], "data": [0.0, 0.892498, -0.229987, -0.833233, 0.444702, 0.718638, -0.629887, -0.556323], "requires_grad": true}}]
# EXPECT: "run"
