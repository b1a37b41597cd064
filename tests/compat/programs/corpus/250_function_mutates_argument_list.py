def push(xs: List[int], v: int):
    xs.append(v)


def fn(xs: List[int]) -> List[int]:
    push(xs, 2)
    push(xs, 3)
    return xs


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1]]
# EXPECT: "run"
