def noop(x: int):
    x = x + 1


def fn(x: int) -> Optional[int]:
    return noop(x)


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "run"
