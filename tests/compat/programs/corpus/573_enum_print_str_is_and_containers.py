class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


def brightest(cs: List[Color]) -> Color:
    best = cs[0]
    for c in cs:
        if c.value > best.value:
            best = c
    return best


def fn(codes: List[int]) -> Tuple[str, bool, List[str], int, str]:
    cs: List[Color] = []
    for k in codes:
        for c in Color:
            if c.value == k:
                cs.append(c)
    print(Color.RED, cs[0])
    lookup: Dict[int, Color] = {1: Color.GREEN}
    return str(brightest(cs)), Color.RED is Color.RED, [c.name for c in cs], lookup[1].value, str(Color.BLUE)


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[2, 1, 3, 2]]
# EXPECT: "run"
