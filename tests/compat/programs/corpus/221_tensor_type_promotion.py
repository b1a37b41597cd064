def fn(i: torch.Tensor, f: torch.Tensor, b: torch.Tensor) -> List[torch.Tensor]:
    return [i + f, i + b, i * 2.5, i / 2, b + b, f.double() + f, i + 1]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int64", "sizes": [2], "data": [1, 2]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [0.5, 0.5]}}, {"tensor": {"dtype": "bool", "sizes": [2], "data": [true, false]}}]
# EXPECT: "run"
