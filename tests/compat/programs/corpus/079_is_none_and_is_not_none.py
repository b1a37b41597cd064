def fn(a: Optional[int], b: Optional[int]) -> Tuple[bool, bool, bool, bool]:
    return a is None, a is not None, b is None, b is not None


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [null, 3]
# EXPECT: "run"
