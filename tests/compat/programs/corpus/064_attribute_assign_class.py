class Box(object):
    def __init__(self, v: int):
        self.v = v


def fn(x: int) -> int:
    b = Box(x)
    b.v = b.v * 3
    b.v += 1
    return b.v


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [4]
# EXPECT: "run"
