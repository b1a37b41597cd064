def fn(m: List[List[int]]) -> Tuple[List[List[int]], List[int]]:
    rows = len(m)
    cols = len(m[0])
    t = [[m[r][c] for r in range(rows)] for c in range(cols)]
    flat: List[int] = []
    for row in t:
        flat.extend(row)
    return t, flat


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[[1, 2, 3], [4, 5, 6]]]
# EXPECT: "run"
