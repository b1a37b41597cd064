def fn(xs: List[int], default: Optional[int]) -> int:
    if len(xs) == 0:
        assert default is not None, "need a default for empty input"
        return default
    return xs[0]


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[], null]
# EXPECT: "runtime_error"
# MATCH: "need a default for empty input"
