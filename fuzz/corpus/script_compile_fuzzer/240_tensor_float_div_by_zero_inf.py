def fn(x: torch.Tensor) -> torch.Tensor:
    return x / 0.0


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1, -1, 0]}}]
# EXPECT: "run"
