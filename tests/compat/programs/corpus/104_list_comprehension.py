def fn(n: int) -> List[int]:
    return [i * i for i in range(n)]


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "run"
