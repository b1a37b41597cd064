def fn(x: torch.Tensor) -> torch.Tensor:
    xs = [x, x * 2, x * 3]
    return torch.stack(xs).sum(0)


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1, 2]}}]
# EXPECT: "run"
