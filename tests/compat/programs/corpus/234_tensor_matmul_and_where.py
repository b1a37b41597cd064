def fn(a: torch.Tensor, v: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return a @ a, torch.mv(a, v), torch.where(a > 2, a, torch.zeros_like(a))


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [1, 2, 3, 4]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [1, -1]}}]
# EXPECT: "run"
