class Hist(object):
    def __init__(self, n: int):
        self.bins = [0] * n
        self.total = 0.0

    def add(self, i: int, w: float) -> None:
        self.bins[i] += 1
        self.total += w


def fn(idx: List[int], ws: List[float]) -> Tuple[List[int], float, Dict[str, int], List[int], torch.Tensor]:
    h = Hist(3)
    for i, w in zip(idx, ws):
        h.add(i, w)
    d: Dict[str, int] = {"a": 1}
    d["a"] += 5
    d["a"] *= 2
    xs = [1, 2, 3]
    xs[-1] -= 10
    xs[0] <<= 2
    t = torch.zeros(3)
    t[1] += 2.5
    t[idx[0]] -= 1.0
    return h.bins, h.total, d, xs, t


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[0, 2, 2, 1], [0.5, 1.0, 1.5, 2.0]]
# EXPECT: "run"
