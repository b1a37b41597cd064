def fn(x: Tensor, w: Tensor):
    a = x.view(2, 6).permute(1, 0)
    b = torch.softmax(a * w, 1)
    c = b.sum(0) + a.mean(0)
    d = torch.log_softmax(c.unsqueeze(0), 1).squeeze(0)
    e = (d * d).sum() + a.transpose(0, 1).reshape(12).pow(3.0).mean()
    g = torch.autograd.grad([e], [x, w])
    return e, g


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [3, 4], "data": [0.0, 0.757324, 0.818368, 0.127008, -0.681122, -0.863032, -0.251474, 0.591288, 0.890422, 0.370907, -0.489619, -0.899991], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [6, 2], "data": [0.0, 0.222664, 0.431483, 0.613475, 0.757324, 0.854086, 0.897745, 0.885587, 0.818368, 0.700266, 0.538625, 0.343495], "requires_grad": true}}]
# EXPECT: "run"
