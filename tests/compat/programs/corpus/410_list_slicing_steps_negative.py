def fn(a: List[int]) -> Tuple[List[int], List[int], List[int], List[int], List[int], int]:
    return a[::2], a[::-1], a[-3:], a[1:-1:2], a[-2:-6:-1], a[-1]


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[0, 1, 2, 3, 4, 5, 6, 7]]
# EXPECT: "run"
