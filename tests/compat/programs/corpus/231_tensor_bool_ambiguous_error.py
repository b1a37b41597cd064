def fn(x: torch.Tensor) -> int:
    if x > 2:
        return 1
    return 0


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [3, 4]}}]
# EXPECT: "runtime_error"
# MATCH: "ambiguous"
