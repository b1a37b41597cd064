def add(x: int, y: int = 10, z: float = 0.5) -> float:
    return x + y + z


def fn(x: int) -> List[float]:
    return [add(x), add(x, 1), add(x, 1, 2.0)]


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "run"
