def fn(x: torch.Tensor, lo: float, hi: float) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    clipped = torch.where(x < lo, torch.full_like(x, lo), torch.where(x > hi, torch.full_like(x, hi), x))
    signs = torch.where(x >= 0, 1, -1)
    idx = torch.where(x > 0)[0]
    return clipped, signs, idx


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [5], "data": [-3.0, -0.5, 0.0, 0.7, 5.0]}}, -1.0, 1.0]
# EXPECT: "run"
