class Point(NamedTuple):
    x: int
    y: float


def fn(a: int, b: float) -> Tuple[float, int, Point]:
    p = Point(a, b)
    q = Point(x=1, y=2.0)
    return p.x + p.y, q[0], p


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3, 1.5]
# EXPECT: "run"
