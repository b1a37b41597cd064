def fn(x: torch.Tensor) -> float:
    return x.item()


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1, 2]}}]
# EXPECT: "runtime_error"
# MATCH: "a Tensor with 2 elements cannot be converted to Scalar"
