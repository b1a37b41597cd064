class Counter(object):
    def __init__(self):
        self.log: List[str] = []

    def __enter__(self) -> int:
        self.log.append("enter")
        return 10

    def __exit__(self, a: Any, b: Any, c: Any):
        self.log.append("exit")


def fn(x: int) -> Tuple[int, List[str]]:
    c = Counter()
    with c as v:
        x = x + v
        c.log.append("body")
    return x, c.log


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
