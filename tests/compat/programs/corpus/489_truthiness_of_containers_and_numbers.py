def fn(xs: List[int], s: str, d: Dict[str, int], n: int, f: float) -> List[bool]:
    out: List[bool] = []
    out.append(bool(xs))
    out.append(bool(s))
    out.append(bool(n))
    out.append(bool(f))
    out.append(not xs)
    if s and n:
        out.append(True)
    else:
        out.append(False)
    out.append(len(d) > 0)
    return out


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[], "x", {"dict": []}, 0, 0.5]
# EXPECT: "run"
