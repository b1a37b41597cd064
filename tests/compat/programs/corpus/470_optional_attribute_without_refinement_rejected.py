class Cache(object):
    def __init__(self):
        self.last: Optional[int] = None

    def bump(self) -> int:
        return self.last + 1


def fn(x: int) -> int:
    return Cache().bump()


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
