def fn(x: torch.Tensor, y: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    values, indices = torch.max(x, 1)
    return values, indices, torch.max(x, y), torch.max(x), x.min(dim=0)[1], x.sum([0, 1]), torch.sum(input=x, dim=1)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [0.5, 1.5, 2.0, 3.0, -1.0, 4.0]}}, {"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [1.0, -2.0, 0.25, 2.0, 3.0, -0.5]}}]
# EXPECT: "run"
