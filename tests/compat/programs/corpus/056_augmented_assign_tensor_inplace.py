def fn(x: torch.Tensor) -> torch.Tensor:
    y = x
    y += 1
    y *= 2
    return x


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1, 2, 3]}}]
# EXPECT: "run"
