def check(log: List[int], v: int, r: bool) -> bool:
    log.append(v)
    return r


def fn(log: List[int]) -> Tuple[bool, List[int]]:
    r = check(log, 1, False) and check(log, 2, True)
    return r, log


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[]]
# EXPECT: "run"
