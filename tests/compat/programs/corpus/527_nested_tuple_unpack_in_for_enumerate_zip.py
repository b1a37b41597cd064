def fn(xs: List[int], ys: List[str]) -> List[str]:
    out: List[str] = []
    for i, (x, y) in enumerate(zip(xs, ys)):
        out.append(str(i) + ":" + y + str(x))
    pts = [(1, (2, 3)), (4, (5, 6))]
    for a, (b, c) in pts:
        out.append(str(a + b + c))
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[10, 20], ["p", "q"]]
# EXPECT: "run"
