class Point(object):
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y

    @staticmethod
    def origin() -> "Point":
        return Point(0.0, 0.0)

    def dist(self, other: "Point") -> float:
        return math.sqrt((self.x - other.x) ** 2 + (self.y - other.y) ** 2)


class Path(object):
    def __init__(self):
        self.points: List[Point] = [Point.origin()]

    def add(self, x: float, y: float) -> "Path":
        self.points.append(Point(x, y))
        return self

    def length(self) -> float:
        total = 0.0
        for i in range(1, len(self.points)):
            total += self.points[i - 1].dist(self.points[i])
        return total


def fn(xs: List[float], ys: List[float]) -> Tuple[float, int]:
    p = Path()
    for x, y in zip(xs, ys):
        p.add(x, y)
    return p.length(), len(p.points)


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[3.0, 3.0, 0.0], [4.0, 0.0, 0.0]]
# EXPECT: "run"
