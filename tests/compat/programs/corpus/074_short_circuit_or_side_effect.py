def check(log: List[int], v: int, r: bool) -> bool:
    log.append(v)
    return r


def fn(log: List[int]) -> Tuple[bool, List[int]]:
    r = check(log, 1, True) or check(log, 2, False)
    s = check(log, 3, False) or check(log, 4, True)
    return r and s, log


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[]]
# EXPECT: "run"
