class Box(object):
    def __init__(self, v: int):
        self.v = v


def fn(x: int) -> int:
    return Box(x).w


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "compile_error"
# MATCH: "has no attribute or method 'w'"
