def fn(a: List[int], b: List[int], c: List[int]) -> List[int]:
    out: List[int] = []
    for x, y, z in zip(a, b, c):
        out.append(x * 100 + y * 10 + z)
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2], [3, 4], [5, 6]]
# EXPECT: "run"
