def fn(s: str) -> int:
    return int(s) + 1


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [" 12 "]
# EXPECT: "runtime_error"
# MATCH: "invalid literal for int()"
