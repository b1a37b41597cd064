class Tree(object):
    def __init__(self, depth: int):
        self.depth = depth

    def count(self, d: int) -> int:
        if d == 0:
            return 1
        return 1 + 2 * self.count(d - 1)


def fn(d: int) -> int:
    return Tree(d).count(d)


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "compile_error"
# MATCH: "recursive"
