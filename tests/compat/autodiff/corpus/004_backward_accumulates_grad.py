def fn(x: Tensor, w: Tensor):
    y = (x * w).sin().sum()
    y.backward(retain_graph=True)
    z = (x.exp() * w).mean()
    z.backward()
    return y, z, x.grad, w.grad


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [2, 3], "data": [0.0, 0.757324, 0.818368, 0.127008, -0.681122, -0.863032], "requires_grad": true}}, {"tensor": {"dtype": "float64", "sizes": [2, 3], "data": [0.0, 0.431483, 0.757324, 0.897745, 0.818368, 0.538625], "requires_grad": true}}]
# EXPECT: "run"
