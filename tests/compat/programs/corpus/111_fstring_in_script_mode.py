def fn(i: int, s: str) -> str:
    return f"i={i} s={s} sum={i + 1}"


# AREA: "strings"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [3, "q"]
# EXPECT: "run"
