class Base(object):
    def __init__(self):
        self.x = 1


class Child(Base):
    def __init__(self):
        self.x = 2


def fn(a: int) -> int:
    return Child().x + a


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "run"
