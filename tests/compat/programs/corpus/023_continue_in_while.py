def fn(n: int) -> List[int]:
    out: List[int] = []
    i = 0
    while i < n:
        i += 1
        if i % 2 == 1:
            continue
        out.append(i)
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [8]
# EXPECT: "run"
