def fn(s: str) -> List[str]:
    return [s.center(6, "*"), s.ljust(5, "."), s.rjust(5), s.zfill(5), "-3".zfill(4)]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["ab"]
# EXPECT: "run"
