def fn(a: torch.Tensor, b: torch.Tensor) -> List[torch.Tensor]:
    return [a & b, a | b, a ^ b, ~a, a << 1, a >> 1]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int64", "sizes": [3], "data": [12, 5, -1]}}, {"tensor": {"dtype": "int64", "sizes": [3], "data": [10, 3, 7]}}]
# EXPECT: "run"
