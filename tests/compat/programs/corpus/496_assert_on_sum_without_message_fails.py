def fn(xs: List[int]) -> int:
    total = sum(xs)
    assert total > 10
    return total


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3]]
# EXPECT: "runtime_error"
# MATCH: "AssertionError"
