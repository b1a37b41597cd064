def fn(n: int) -> Optional[int]:
    r: Optional[int] = None
    for i in range(n):
        r = i
    return r


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
