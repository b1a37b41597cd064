def fn(i: int, f: float, s: str) -> str:
    return "i=%d f=%f s=%s" % (i, f, s)


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, 2.5, "q"]
# EXPECT: "run"
