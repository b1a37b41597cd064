def fn(xs: List[int]) -> int:
    xs.append(3)
    if len(xs) > 2:
        raise RuntimeError("stop")
    return 0


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2]]
# EXPECT: "runtime_error"
# MATCH: "stop"
