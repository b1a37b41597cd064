def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    rows = torch.tensor([0, 1, 1])
    cols = torch.tensor([2, 0, 2])
    y = x.clone()
    y[rows, cols] = torch.tensor([10.0, 20.0, 30.0])
    z = x.index_put((rows, cols), torch.tensor(1.0), accumulate=True)
    return y, z


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]}}]
# EXPECT: "run"
