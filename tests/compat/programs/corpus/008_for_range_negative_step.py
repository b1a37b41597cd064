def fn() -> List[int]:
    out: List[int] = []
    for i in range(10, -3, -4):
        out.append(i)
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
