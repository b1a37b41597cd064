def fn(x: torch.Tensor) -> List[float]:
    return [float(v) * 2.0 for v in x]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1, 2, 3]}}]
# EXPECT: "run"
