def fn(a: int) -> Tuple[int, int, int, float]:
    big = a * a
    wrapped = big * 4
    return big, wrapped, -wrapped, float(a) * a


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3037000499]
# EXPECT: "run"
