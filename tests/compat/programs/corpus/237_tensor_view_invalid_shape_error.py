def fn(x: torch.Tensor) -> torch.Tensor:
    return x.view(4, 2)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [6], "data": [1, 2, 3, 4, 5, 6]}}]
# EXPECT: "runtime_error"
# MATCH: "invalid for input of size"
