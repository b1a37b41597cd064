def fn(x: torch.Tensor) -> List[torch.Tensor]:
    return [x.int(), x.long(), x.to(torch.float64), x.to(torch.bool), x.to(dtype=torch.int8), x.float().type_as(x)]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1.7, -1.7, 0]}}]
# EXPECT: "run"
