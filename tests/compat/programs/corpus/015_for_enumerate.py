def fn(xs: List[str]) -> List[str]:
    out: List[str] = []
    for i, s in enumerate(xs):
        out.append(str(i) + s)
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["a", "b", "c"]]
# EXPECT: "run"
