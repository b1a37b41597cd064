class Mode(Enum):
    A = 1
    B = "b"


def fn(x: int) -> int:
    if Mode.A.value == x:
        return 1
    return 0


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Could not unify type list since element"
