def check_shape(x: torch.Tensor, n: int) -> None:
    if x.size(0) != n:
        raise ValueError(f"expected {n} rows, got {x.size(0)} (shape {x.shape})")


def fn(x: torch.Tensor) -> int:
    check_shape(x, 4)
    return x.size(0)


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 2], "data": [1.0, 2.0, 3.0, 4.0]}}]
# EXPECT: "runtime_error"
# MATCH: "expected 4 rows, got 2 (shape [2, 2])"
