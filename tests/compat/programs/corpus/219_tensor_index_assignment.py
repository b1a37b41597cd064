def fn(x: torch.Tensor) -> torch.Tensor:
    x[0] = 1.0
    x[1, 2] = 5.0
    x[:, 0] = torch.tensor([7.0, 8.0])
    x[x == 0.0] = -1.0
    return x


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [0, 0, 0, 0, 0, 0]}}]
# EXPECT: "run"
