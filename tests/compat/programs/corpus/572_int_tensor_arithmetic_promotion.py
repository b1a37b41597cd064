def fn(a: torch.Tensor, b: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    return a / b, a * 1.5, a + 1, a // 2, (a > 1) + (b > 1)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int64", "sizes": [3], "data": [1, 2, 3]}}, {"tensor": {"dtype": "int32", "sizes": [3], "data": [2, 2, 2]}}]
# EXPECT: "run"
