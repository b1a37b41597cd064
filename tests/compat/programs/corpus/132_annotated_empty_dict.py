def fn() -> Dict[int, str]:
    d: Dict[int, str] = {}
    d[3] = "c"
    d[1] = "a"
    return d


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
