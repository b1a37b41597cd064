def fn(rows: List[List[float]]) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    a = torch.tensor(rows)
    b = torch.tensor([[1, 2], [3, 4]], dtype=torch.float64)
    c = torch.tensor([1.5, 2.0], device="cpu")
    d = torch.tensor([True, False, True])
    e = torch.tensor([[1, 2, 3]])
    return a, b, c, d, e


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[[1.0, 2.0], [3.5, 4.0]]]
# EXPECT: "run"
