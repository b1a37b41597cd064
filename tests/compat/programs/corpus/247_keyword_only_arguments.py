def scale(x: int, *, factor: int = 2, offset: int = 0) -> int:
    return x * factor + offset


def fn(x: int) -> List[int]:
    return [scale(x), scale(x, factor=3), scale(x, offset=1, factor=0)]


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "run"
