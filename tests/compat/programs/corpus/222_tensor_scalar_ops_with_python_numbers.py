def fn(x: torch.Tensor, i: int, f: float) -> List[torch.Tensor]:
    return [x + i, x * f, i - x, f / x, x ** 2, 2 ** x]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int32", "sizes": [3], "data": [1, 2, 3]}}, 2, 0.5]
# EXPECT: "run"
