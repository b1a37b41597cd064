def fn(y: torch.Tensor) -> torch.Tensor:
    return y.H


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3, 4], "data": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]}}]
# EXPECT: "runtime_error"
# MATCH: "tensor.H is only supported on matrices (2-D tensors). Got 3-D tensor."
