def fn(xs: List[int]) -> int:
    evens: List[int] = []
    for x in xs:
        if x % 2 == 0:
            evens.append(x)
    return min(evens)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 3, 5]]
# EXPECT: "runtime_error"
# MATCH: "empty"
