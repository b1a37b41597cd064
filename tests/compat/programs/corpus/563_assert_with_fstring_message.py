def fn(x: torch.Tensor, n: int) -> torch.Tensor:
    assert x.dim() == n, f"expected {n}-d input, got {x.dim()}-d"
    return x.sum()


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1.0, 2.0]}}, 2]
# EXPECT: "runtime_error"
# MATCH: "expected 2-d input, got 1-d"
