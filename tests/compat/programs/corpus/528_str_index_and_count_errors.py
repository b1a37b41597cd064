def fn(s: str, sub: str) -> Tuple[int, int, int]:
    return s.count(sub), s.find(sub), s.index("zz")


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["banana", "an"]
# EXPECT: "runtime_error"
# MATCH: "substring not found"
