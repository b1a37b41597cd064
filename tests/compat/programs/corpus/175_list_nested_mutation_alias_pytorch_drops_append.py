def fn() -> List[List[int]]:
    inner = [1]
    outer = [inner, inner]
    inner.append(2)
    return outer


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
