class Tracker(object):
    def __init__(self, n: int):
        self.n = n
        self.values: List[int] = []
        self.reset()

    def reset(self) -> None:
        self.values = [0] * self.n

    def bump(self, i: int) -> None:
        self.values[i % self.n] += 1


def fn(n: int, hits: List[int]) -> List[int]:
    t = Tracker(n)
    for h in hits:
        t.bump(h)
    before = t.values[:]
    t.reset()
    return before + t.values


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3, [0, 1, 4, 7, 2]]
# EXPECT: "run"
