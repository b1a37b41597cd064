def fn(x: torch.Tensor) -> List[torch.Tensor]:
    return [x.abs(), x.exp(), torch.sqrt(x), x.log(), torch.sigmoid(x), x.neg(), x.floor(), torch.tanh(x)]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [4], "data": [0.5, -1, 4, 0]}}]
# EXPECT: "run"
