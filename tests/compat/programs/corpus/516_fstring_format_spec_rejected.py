def fn(x: float, n: int) -> str:
    return f"{x:.3f} {n:>4}"


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3.14159, 7]
# EXPECT: "compile_error"
# MATCH: "Don't support formatting in JoinedStr"
