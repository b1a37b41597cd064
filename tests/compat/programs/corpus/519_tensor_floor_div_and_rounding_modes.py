def fn(a: torch.Tensor, b: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    return a // b, torch.div(a, b, rounding_mode="floor"), torch.div(a, b, rounding_mode="trunc"), a % b


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int64", "sizes": [4], "data": [7, -7, 7, -7]}}, {"tensor": {"dtype": "int64", "sizes": [4], "data": [2, 2, -2, -2]}}]
# EXPECT: "run"
