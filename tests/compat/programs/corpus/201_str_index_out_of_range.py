def fn(s: str) -> str:
    return s[10]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["abc"]
# EXPECT: "runtime_error"
# MATCH: "RuntimeError"
