class Pair(NamedTuple):
    first: int
    second: str


def fn(n: int) -> str:
    a, b = Pair(n, "z")
    return b + str(a)


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [2]
# EXPECT: "run"
