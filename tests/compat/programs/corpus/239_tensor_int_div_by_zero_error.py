def fn(x: torch.Tensor) -> torch.Tensor:
    return x // 0


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "int64", "sizes": [2], "data": [1, 2]}}]
# EXPECT: "runtime_error"
# MATCH: "ZeroDivisionError"
