def fn(a: torch.Tensor, b: torch.Tensor) -> List[torch.Tensor]:
    return [a < b, a <= b, a == b, a != b, a > 2, a >= 2.0, torch.eq(a, b).any()]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1, 2, 3]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [3, 2, 1]}}]
# EXPECT: "run"
