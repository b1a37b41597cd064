def fn(x: torch.Tensor) -> torch.Tensor:
    v = x.view(2, 2)
    v[0, 1] = 100.0
    return x


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [4], "data": [1, 2, 3, 4]}}]
# EXPECT: "run"
