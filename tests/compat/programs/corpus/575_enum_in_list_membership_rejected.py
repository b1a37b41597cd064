class Color(Enum):
    RED = 1
    GREEN = 2


def fn(x: int) -> bool:
    return Color.RED in [Color.RED, Color.GREEN]


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [1]
# EXPECT: "compile_error"
# MATCH: "Arguments for call are not valid"
