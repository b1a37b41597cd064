def fn(c: bool):
    if c:
        return 1
    return "one"


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [true]
# EXPECT: "compile_error"
# MATCH: "Previous return statement returned a value of type int but this return statement returns a value of type str"
