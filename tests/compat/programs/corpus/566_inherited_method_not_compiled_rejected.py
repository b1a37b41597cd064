class Base(object):
    def __init__(self):
        self.x = 1

    def get(self) -> int:
        return self.x


class Child(Base):
    def __init__(self):
        self.x = 2


def fn(a: int) -> int:
    return Child().get() + a


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "has no attribute or method 'get'"
