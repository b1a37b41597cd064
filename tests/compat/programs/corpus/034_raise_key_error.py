def fn(k: str) -> int:
    raise KeyError(k)


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["q"]
# EXPECT: "runtime_error"
# MATCH: "KeyError"
