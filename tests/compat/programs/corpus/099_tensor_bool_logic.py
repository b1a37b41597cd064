def fn(a: torch.Tensor, b: torch.Tensor) -> List[torch.Tensor]:
    return [a & b, a | b, a ^ b, ~a]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "bool", "sizes": [4], "data": [true, true, false, false]}}, {"tensor": {"dtype": "bool", "sizes": [4], "data": [true, false, true, false]}}]
# EXPECT: "run"
