def fn(x: torch.Tensor) -> torch.Tensor:
    return x[5]


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1, 2, 3]}}]
# EXPECT: "runtime_error"
# MATCH: "index 5 out of range for tensor of size [3]"
