def bisect(xs: List[int], x: int) -> int:
    lo = 0
    hi = len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def fn(xs: List[int], queries: List[int]) -> Tuple[List[int], List[int]]:
    s = sorted(xs)
    pos: List[int] = []
    for q in queries:
        i = bisect(s, q)
        pos.append(i)
        s.insert(i, q)
    return pos, s


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[9, 2, 7, 4], [5, 1, 10, 7]]
# EXPECT: "run"
