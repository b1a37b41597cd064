def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return torch.cat([x, x * 10]), torch.cat([x, x], dim=1), torch.stack([x, -x], 0)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [1, 2, 3, 4]}}]
# EXPECT: "run"
