def fn(x: torch.Tensor, b: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return x.sum(), b.sum(), x.mean(dtype=torch.float32)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int32", "sizes": [3], "data": [1, 2, 3]}}, {"tensor": {"dtype": "bool", "sizes": [3], "data": [true, true, false]}}]
# EXPECT: "run"
