def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    y = x.clone()
    x.add_(1).mul_(2)
    y.relu_()
    x.clamp_(min=0.0, max=5.0)
    return x, y


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1, -2, 3]}}]
# EXPECT: "run"
