class Bag(object):
    def __init__(self, items: List[int]):
        self.items = items

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> int:
        return self.items[i]

    def __contains__(self, x: int) -> bool:
        return x in self.items

    def __eq__(self, other: "Bag") -> bool:
        return sorted(self.items) == sorted(other.items)

    def __add__(self, other: "Bag") -> "Bag":
        return Bag(self.items + other.items)


def fn(a: List[int], b: List[int]) -> Tuple[int, int, bool, bool, bool, int]:
    x = Bag(a)
    y = Bag(b)
    z = x + y
    return len(x), x[1], 3 in x, 9 in x, x == Bag(a[::-1]), len(z)


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [[1, 2, 3], [4, 5]]
# EXPECT: "run"
