def fn(s: str) -> List[str]:
    out: List[str] = []
    for c in s:
        out.insert(0, c)
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["hello"]
# EXPECT: "run"
