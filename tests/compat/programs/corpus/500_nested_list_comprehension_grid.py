def fn(n: int) -> Tuple[List[List[int]], List[int], List[str]]:
    grid = [[i * j for j in range(n)] for i in range(n)]
    diag = [grid[i][i] for i in range(n)]
    rows = [" ".join([str(v) for v in row]) for row in grid]
    return grid, diag, rows


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
