def fn(c: bool):
    if c:
        return 1
    return "one"


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [true]
# EXPECT: "compile_error"
# MATCH: ""
