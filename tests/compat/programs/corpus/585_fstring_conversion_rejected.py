def fn(name: str) -> str:
    return f"{name!r}"


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: ["abc"]
# EXPECT: "compile_error"
# MATCH: "Don't support conversion in JoinedStr"
