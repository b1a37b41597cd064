def fn(x: Tensor):
    y = (x.sin() * x).sum()
    with torch.no_grad():
        x.mul_(2.0)
    return torch.autograd.grad([y], [x])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [4], "data": [0.0, 0.757324, 0.818368, 0.127008], "requires_grad": true}}]
# EXPECT: "runtime_error"
# MATCH: "modified by an inplace operation"
