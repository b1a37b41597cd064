def fn(i: int, f: float, s: str) -> str:
    return "i={} f={} s={} l={}".format(i, f, s, [1, 2])


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3, 2.5, "q"]
# EXPECT: "run"
