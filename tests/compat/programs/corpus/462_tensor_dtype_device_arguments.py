def fn(n: int) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, List[int]]:
    a = torch.zeros(n, dtype=torch.int32)
    b = torch.arange(0, n * 2, 2, dtype=torch.float32, device=torch.device("cpu"))
    c = torch.ones_like(b, dtype=torch.float64)
    d = b.to(torch.int64) + a
    e = torch.full([2, n], 7, dtype=torch.uint8)
    return a, b, c, d, e, [int(a.dtype == torch.int32), int(d.dtype == torch.int64), int(b.is_floating_point())]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
