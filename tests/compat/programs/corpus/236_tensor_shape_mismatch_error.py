def fn(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return a + b


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1, 2]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [1, 2, 3]}}]
# EXPECT: "runtime_error"
# MATCH: "must match the size"
