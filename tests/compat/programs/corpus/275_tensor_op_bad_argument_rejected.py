def fn(x: torch.Tensor) -> torch.Tensor:
    return torch.cat(x, "dim")


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [1], "data": [1]}}]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
