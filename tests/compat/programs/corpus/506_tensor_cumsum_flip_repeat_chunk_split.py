def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, List[torch.Tensor], List[torch.Tensor], torch.Tensor]:
    c = x.cumsum(0)
    f = x.flip([0])
    r = x.repeat(2)
    ch = list(x.chunk(3))
    sp = list(torch.split(x, [1, 4]))
    u = torch.unique(torch.cat([x, x]))
    return c, f, r, ch, sp, u


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [5], "data": [3.0, 1.0, 4.0, 1.0, 5.0]}}]
# EXPECT: "run"
