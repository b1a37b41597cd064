def sub(a: int, b: int, c: int = 0) -> int:
    return a * 100 + b * 10 + c


def fn(x: int) -> List[int]:
    return [sub(b=1, a=x), sub(x, c=3, b=2), sub(1, 2, c=x)]


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "run"
