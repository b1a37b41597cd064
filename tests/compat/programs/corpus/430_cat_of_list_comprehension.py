def fn(x: torch.Tensor, n: int) -> Tuple[torch.Tensor, torch.Tensor]:
    a = torch.cat([x * i for i in range(n)], dim=0)
    b = torch.stack([x.roll(i) for i in range(n)], dim=1)
    return a, b


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1.0, 2.0, 3.0]}}, 3]
# EXPECT: "run"
