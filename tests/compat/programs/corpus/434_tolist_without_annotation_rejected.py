def fn(x: torch.Tensor) -> int:
    total = 0
    for v in x.tolist():
        total += 1
    return total


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1.0, 2.0]}}]
# EXPECT: "compile_error"
# MATCH: "Expected type hint for result of tolist()"
