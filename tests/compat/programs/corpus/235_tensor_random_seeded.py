def fn() -> Tuple[torch.Tensor, torch.Tensor]:
    return torch.rand(3), torch.randn(2, 2)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
