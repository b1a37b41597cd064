def fn(x: torch.Tensor) -> int:
    xs = []
    xs.append(x)
    return len(xs)


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [1], "data": [2]}}]
# EXPECT: "run"
