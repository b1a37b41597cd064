def fn(s: str) -> str:
    s[0] = "x"
    return s


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["abc"]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
