def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    a = torch.linspace(0, 1, 5)
    b = torch.arange(0.0, 1.0, 0.25)
    c = x.new_zeros(2, 2)
    d = x.new_full([3], 7.0)
    e = torch.empty(2, 3).fill_(1.5)
    return a, b, c, d, e


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float64", "sizes": [1], "data": [1.0]}}]
# EXPECT: "run"
