class Color(Enum):
    RED = 1
    GREEN = 2


def fn(x: int) -> int:
    return len(Color) + x


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "EnumClass cannot be used as a value"
