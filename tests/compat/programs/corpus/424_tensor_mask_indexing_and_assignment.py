def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, int]:
    pos = x[x > 0]
    y = x.clone()
    y[y < 0] = 0.0
    y[(y > 1) & (y < 3)] *= 10
    return pos, y, int((x != 0).sum())


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [-1.0, 2.0, 0.0, 3.0, -4.0, 1.5]}}]
# EXPECT: "run"
