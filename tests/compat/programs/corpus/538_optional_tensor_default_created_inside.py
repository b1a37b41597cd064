def fn(x: torch.Tensor, mask: Optional[torch.Tensor] = None, scale: float = 1.0) -> Tuple[torch.Tensor, int]:
    if mask is None:
        mask = torch.ones_like(x, dtype=torch.bool)
    y = torch.where(mask, x * scale, torch.zeros_like(x))
    return y, int(mask.sum())


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1.0, -2.0, 3.0]}}, null, 2.0]
# EXPECT: "run"
