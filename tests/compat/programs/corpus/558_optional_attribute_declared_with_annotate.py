class Cache(object):
    def __init__(self):
        self.last = torch.jit.annotate(Optional[int], None)

    def put(self, v: int) -> None:
        self.last = v

    def get_or(self, d: int) -> int:
        last = self.last
        if last is not None:
            return last
        return d


def fn(vals: List[int]) -> List[int]:
    c = Cache()
    out = [c.get_or(-1)]
    for v in vals:
        c.put(v)
        out.append(c.get_or(-1))
    return out


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[4, 5]]
# EXPECT: "run"
