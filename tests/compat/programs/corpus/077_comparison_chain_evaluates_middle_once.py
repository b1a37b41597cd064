def mid(log: List[int]) -> int:
    log.append(1)
    return 5


def fn(log: List[int]) -> Tuple[bool, int]:
    r = 1 < mid(log) < 10
    return r, len(log)


# AREA: "expressions"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[]]
# EXPECT: "run"
