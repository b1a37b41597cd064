def clamp_index(i: int, n: int) -> int:
    if 0 <= i < n:
        return i
    return -1


def fn(xs: List[int], n: int) -> Tuple[List[int], bool, bool]:
    return [clamp_index(x, n) for x in xs], 1 < 2 < 3 > 0, 1 < 3 < 2


# AREA: "expressions"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[-1, 0, 3, 5, 4], 5]
# EXPECT: "run"
