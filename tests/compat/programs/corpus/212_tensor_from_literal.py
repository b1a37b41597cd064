def fn() -> List[torch.Tensor]:
    return [torch.tensor([1, 2, 3]), torch.tensor([[1.5, 2.0]]), torch.tensor(3), torch.tensor([True, False]), torch.tensor([1, 2], dtype=torch.float64)]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
