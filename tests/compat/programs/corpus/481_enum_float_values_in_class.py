class Scale(Enum):
    SMALL = 0.5
    LARGE = 2.0


class Resizer(object):
    def __init__(self, scale: Scale):
        self.scale = scale

    def size(self, n: int) -> int:
        return int(n * self.scale.value)


def fn(n: int) -> Tuple[int, int, bool]:
    a = Resizer(Scale.SMALL)
    b = Resizer(Scale.LARGE)
    return a.size(n), b.size(n), a.scale != b.scale


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [9]
# EXPECT: "run"
