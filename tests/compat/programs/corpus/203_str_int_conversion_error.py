def fn(s: str) -> int:
    return int(s)


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["12a"]
# EXPECT: "runtime_error"
# MATCH: "invalid literal for int() with base 10"
