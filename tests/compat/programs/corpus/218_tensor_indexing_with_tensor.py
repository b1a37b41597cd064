def fn(x: torch.Tensor, idx: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    return x[idx], x[x > 15.0]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [4], "data": [10, 20, 30, 40]}}, {"tensor": {"dtype": "int64", "sizes": [3], "data": [3, 0, 3]}}]
# EXPECT: "run"
