def fn(s: str, n: int) -> str:
    return s + "-" + s + str(n)


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["ab", 3]
# EXPECT: "run"
