def fn() -> List[torch.Tensor]:
    return [torch.zeros(2, 3), torch.ones([2], dtype=torch.int64), torch.full([2, 2], 7.5), torch.arange(5), torch.arange(1, 2, 0.25), torch.eye(2)]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
