def fn(x: torch.Tensor) -> torch.Tensor:
    return x.bool()


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [1], "data": [1]}}]
# EXPECT: "compile_error"
# MATCH: "no attribute or method 'bool'"
