class Shape(object):
    def __init__(self, w: int, h: int):
        self.w = w
        self.h = h

    def area(self) -> int:
        return self.w * self.h

    def describe(self) -> str:
        return "area=" + str(self.area())


def fn(x: int) -> str:
    return Shape(x, x + 1).describe()


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [4]
# EXPECT: "run"
