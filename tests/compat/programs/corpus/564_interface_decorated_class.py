@torch.jit.interface
class Scorer(object):
    def score(self, x: float) -> float:
        pass


class Doubler(object):
    def __init__(self):
        self.k = 2.0

    def score(self, x: float) -> float:
        return x * self.k


def use(s: Scorer, x: float) -> float:
    return s.score(x)


def fn(x: float) -> float:
    return use(Doubler(), x)


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1.5]
# EXPECT: "run"
