def parse(s: str) -> Union[int, float, str]:
    if s.isdigit():
        return int(s)
    if s.replace(".", "", 1).isdigit():
        return float(s)
    return s


def fn(items: List[str]) -> Tuple[int, float, List[str]]:
    ints = 0
    floats = 0.0
    words: List[str] = []
    for it in items:
        v = parse(it)
        if isinstance(v, int):
            ints += v
        elif isinstance(v, float):
            floats += v
        else:
            words.append(v)
    return ints, floats, words


# AREA: "typing"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [["12", "3.5", "abc", "7", "0.25", "x1"]]
# EXPECT: "run"
