def fn(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return a * b + a


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 1], "data": [1, 2]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [10, 20, 30]}}]
# EXPECT: "run"
