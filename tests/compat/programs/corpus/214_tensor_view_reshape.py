def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    return x.view(3, 2), x.reshape(-1), x.view([6, 1]), x.flatten()


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [1, 2, 3, 4, 5, 6]}}]
# EXPECT: "run"
