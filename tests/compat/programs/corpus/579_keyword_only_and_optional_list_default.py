def pad(xs: List[int], *, size: int, value: int = 0, prefix: Optional[List[int]] = None) -> List[int]:
    out: List[int] = []
    if prefix is not None:
        out.extend(prefix)
    out.extend(xs)
    while len(out) < size:
        out.append(value)
    return out[:size]


def fn(xs: List[int]) -> List[List[int]]:
    return [pad(xs, size=5), pad(xs, size=4, value=-1), pad(xs, prefix=[9], size=3)]


# AREA: "functions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2]]
# EXPECT: "run"
