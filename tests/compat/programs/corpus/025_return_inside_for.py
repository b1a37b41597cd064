def fn(xs: List[int], target: int) -> int:
    for i in range(len(xs)):
        if xs[i] == target:
            return i
    return -1


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[2, 4, 7, 8], 7]
# EXPECT: "run"
