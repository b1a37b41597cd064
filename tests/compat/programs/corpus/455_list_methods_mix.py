def fn(xs: List[int]) -> Tuple[List[int], int, int, int, List[int]]:
    a = xs.copy()
    a.insert(1, 99)
    a.append(7)
    last = a.pop()
    a.remove(99)
    a.extend([5, 5])
    n5 = a.count(5)
    i = a.index(5)
    a.reverse()
    b = a[:]
    b.sort(reverse=True)
    del b[0]
    return a, last, n5, i, b


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[3, 5, 1, 4]]
# EXPECT: "run"
