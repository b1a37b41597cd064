def fn(x: torch.Tensor) -> torch.Tensor:
    return x.imag


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [0.5, 1.5, 2.0, 3.0, -1.0, 4.0]}}]
# EXPECT: "runtime_error"
# MATCH: "imag is not implemented for tensors with non-complex dtypes."
