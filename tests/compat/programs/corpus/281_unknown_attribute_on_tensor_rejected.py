def fn(x: torch.Tensor) -> torch.Tensor:
    return x.not_a_method()


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [1], "data": [1]}}]
# EXPECT: "compile_error"
# MATCH: "'Tensor' object has no attribute or method 'not_a_method'"
