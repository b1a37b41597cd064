class RunningStats(object):
    def __init__(self):
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def push(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def variance(self) -> float:
        if self.n < 2:
            return 0.0
        return self.m2 / (self.n - 1)


def fn(xs: List[float]) -> Tuple[int, float, float]:
    s = RunningStats()
    for x in xs:
        s.push(x)
    return s.n, s.mean, s.variance()


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]]
# EXPECT: "run"
