def fn(s: str, n: int) -> Tuple[str, str]:
    return s + "-" + s, s * n


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["ab", 3]
# EXPECT: "run"
