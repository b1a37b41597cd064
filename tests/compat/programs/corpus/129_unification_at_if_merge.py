def fn(c: bool) -> Optional[int]:
    if c:
        r = None
    else:
        r = 3
    return r


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [true]
# EXPECT: "run"
