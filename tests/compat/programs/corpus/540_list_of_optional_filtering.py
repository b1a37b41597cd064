def fn(xs: List[Optional[int]]) -> Tuple[List[int], int]:
    out: List[int] = []
    missing = 0
    for x in xs:
        if x is None:
            missing += 1
        else:
            out.append(x)
    return out, missing


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, null, 3, null, 5]]
# EXPECT: "run"
