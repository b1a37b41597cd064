def fn(a: torch.Tensor, b: torch.Tensor) -> List[torch.Tensor]:
    return [a + b, a - b, a * b, a / b, a // b, a % b, a ** 2, -a]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [7, -7, 2.5]}}, {"tensor": {"dtype": "float32", "sizes": [3], "data": [2, 2, -1]}}]
# EXPECT: "run"
