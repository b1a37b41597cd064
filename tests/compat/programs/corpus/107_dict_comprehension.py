def fn(xs: List[str]) -> Dict[str, int]:
    return {x: len(x) for x in xs}


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["a", "bb", "ccc"]]
# EXPECT: "run"
