def fn(s: str) -> Tuple[int, str, List[str], bool, str, int]:
    return len(s), s[0:3], s.split("é"), "é" in s, s.upper(), s.find("w")


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["héllo wörld"]
# EXPECT: "run"
