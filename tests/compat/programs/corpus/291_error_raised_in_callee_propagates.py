def check(x: int) -> int:
    if x < 0:
        raise ValueError("negative")
    return x


def fn(x: int) -> int:
    return check(x) + 1


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-1]
# EXPECT: "runtime_error"
# MATCH: "negative"
