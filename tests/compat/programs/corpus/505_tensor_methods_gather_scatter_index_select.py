def fn(x: torch.Tensor, idx: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    g = x.gather(1, idx)
    s = torch.zeros(2, 4).scatter_add(1, idx, torch.ones_like(idx, dtype=torch.float32))
    sel = x.index_select(0, torch.tensor([1, 1, 0]))
    m = x.masked_fill(x > 3, -1.0)
    nz = torch.nonzero(m < 0)
    return g, s, sel, m, nz


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 4], "data": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]}}, {"tensor": {"dtype": "int64", "sizes": [2, 2], "data": [0, 3, 2, 2]}}]
# EXPECT: "run"
