def square(x: int) -> int:
    return x * x


def fn(x: int) -> int:
    return square(x) + square(x + 1)


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
