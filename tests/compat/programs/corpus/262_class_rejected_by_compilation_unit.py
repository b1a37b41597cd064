class Box(object):
    def __init__(self, v: int):
        self.v = v


def fn(x: int) -> int:
    return Box(x).v


# AREA: "classes"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "compile_error"
# MATCH: "expected def but found 'class'"
