class Guard(object):
    def __init__(self, name: str):
        self.name = name

    def __enter__(self) -> str:
        print("enter", self.name)
        return self.name

    def __exit__(self, a: Any, b: Any, c: Any):
        print("exit", self.name)


def fn(x: int) -> int:
    with Guard("outer") as o:
        with Guard("inner"):
            if x > 2:
                raise ValueError("too big " + o)
            x = x + 1
    return x


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [5]
# EXPECT: "runtime_error"
# MATCH: "too big outer"
