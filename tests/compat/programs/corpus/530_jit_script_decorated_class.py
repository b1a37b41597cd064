@torch.jit.script
class Accum(object):
    def __init__(self):
        self.total = 0.0

    def add(self, v: float) -> float:
        self.total += v
        return self.total


def fn(xs: List[float]) -> float:
    a = Accum()
    for x in xs:
        a.add(x)
    return a.total


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[0.5, 1.5, 2.0]]
# EXPECT: "run"
