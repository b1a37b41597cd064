def fn(n: int, step: Optional[int] = None, scale: Optional[float] = None) -> List[float]:
    if step is None:
        step = 1
    s = 1.0
    if scale is not None:
        s = scale
    out: List[float] = []
    for i in range(0, n, step):
        out.append(i * s)
    return out


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [7, 2, null]
# EXPECT: "run"
