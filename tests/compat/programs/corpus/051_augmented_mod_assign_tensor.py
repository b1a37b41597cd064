def fn(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    y = x.clone()
    y %= 4
    return y, x % 4


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int64", "sizes": [2], "data": [-7, 7]}}]
# EXPECT: "run"
