def fn(x: torch.Tensor) -> torch.Tensor:
    y = x.clone()
    y[1:3] = torch.tensor([[9.0, 8.0, 7.0]])
    y[:, 0] = -1.0
    y[0] = torch.arange(3.0)
    y[y > 8] = torch.tensor(0.5)
    return y


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [4, 3], "data": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 0.0, 0.0, 0.0]}}]
# EXPECT: "run"
