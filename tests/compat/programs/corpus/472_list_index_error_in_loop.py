def fn(xs: List[int], n: int) -> int:
    total = 0
    for i in range(n):
        total += xs[i * 2]
    return total


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3, 4], 3]
# EXPECT: "runtime_error"
# MATCH: "list index out of range"
