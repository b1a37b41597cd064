def fn(x: Tensor, w: Tensor, b: Tensor, target: Tensor):
    h = torch.layer_norm(x, [4], w, b, 1e-5)
    logp = torch.log_softmax(h, 1)
    loss = -logp.gather(1, target.unsqueeze(1)).mean()
    g = torch.autograd.grad([loss], [x, w, b])
    return loss, g


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [3, 4], "data": [0.0, 0.579796, 0.886905, 0.776888, 0.301489, -0.315705, -0.784418, -0.884207, -0.56814, 0.015133, 0.591288, 0.889351], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [4], "data": [0.757324, 0.867202, 0.899616, 0.85167], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [4], "data": [0.0, 0.704994, 0.876463, 0.384642], "requires_grad": true}}, {"tensor": {"dtype": "int64", "sizes": [3], "data": [0, 3, 1]}}]
# EXPECT: "run"
