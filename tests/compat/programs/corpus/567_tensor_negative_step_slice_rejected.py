def fn(x: torch.Tensor) -> torch.Tensor:
    return x[::-1]


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1.0, 2.0, 3.0]}}]
# EXPECT: "runtime_error"
# MATCH: "slice step must be positive"
