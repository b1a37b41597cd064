def fn(i: int) -> str:
    return f"i={i}"


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "compile_error"
# MATCH: "expected newline but found 'string_literal'"
