def fn(s: str) -> Tuple[List[str], int, str, str]:
    return s.rsplit(".", 1), s.rindex("."), s.expandtabs(), s.rstrip(".c")


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["a.b.c"]
# EXPECT: "run"
