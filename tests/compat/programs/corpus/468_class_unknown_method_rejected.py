class Box(object):
    def __init__(self, w: float, h: float):
        self.w = w
        self.h = h

    def area(self) -> float:
        return self.w * self.h


def fn(w: float) -> float:
    b = Box(w, 2.0)
    return b.perimeter()


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1.5]
# EXPECT: "compile_error"
# MATCH: "perimeter"
