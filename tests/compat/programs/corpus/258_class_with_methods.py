class Acc(object):
    def __init__(self, start: int):
        self.total = start
        self.count = 0

    def add(self, v: int) -> None:
        self.total += v
        self.count += 1

    def mean(self) -> float:
        return self.total / self.count


def fn(n: int) -> Tuple[int, float]:
    a = Acc(10)
    for i in range(n):
        a.add(i)
    return a.total, a.mean()


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
