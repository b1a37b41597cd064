def fn(grid: List[List[int]], v: int) -> Tuple[int, int]:
    for i, row in enumerate(grid):
        for j, x in enumerate(row):
            if x == v:
                return i, j
    return -1, -1


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[[1, 2], [3, 4], [5, 6]], 4]
# EXPECT: "run"
