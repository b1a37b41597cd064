def fn(x: int) -> int:
    try:
        x = x + 1
    except Exception:
        x = 0
    return x


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "expected ident but found 'indent'"
