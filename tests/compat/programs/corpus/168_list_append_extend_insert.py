def fn(xs: List[int]) -> List[int]:
    xs.append(3)
    xs.extend([4, 5])
    xs.insert(0, 0)
    xs.insert(-1, 99)
    return xs


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 2]]
# EXPECT: "run"
