def fn(x: int) -> Tuple[float, Optional[int], List[str]]:
    f: float = 2.0 * x
    o: Optional[int] = None
    if x > 1:
        o = x
    names: List[str] = []
    return f, o, names


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [2]
# EXPECT: "run"
