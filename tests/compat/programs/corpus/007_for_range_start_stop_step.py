def fn() -> List[int]:
    out: List[int] = []
    for i in range(2, 11, 3):
        out.append(i)
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
