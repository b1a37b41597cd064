class Counter(object):
    def __init__(self):
        self.calls = 0
        self.seen: Dict[str, int] = {}

    def hit(self, key: str) -> int:
        self.calls += 1
        self.seen[key] = self.seen.get(key, 0) + 1
        return self.seen[key]

    def most_common(self) -> str:
        best = ""
        best_n = -1
        for k, n in self.seen.items():
            if n > best_n:
                best = k
                best_n = n
        return best


def fn(keys: List[str]) -> Tuple[int, str, List[int]]:
    c = Counter()
    out = [c.hit(k) for k in keys]
    return c.calls, c.most_common(), out


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [["a", "b", "a", "c", "b", "a"]]
# EXPECT: "run"
