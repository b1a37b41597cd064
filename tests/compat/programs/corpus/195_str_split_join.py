def fn(s: str) -> Tuple[List[str], List[str], str, List[str]]:
    parts = s.split(",")
    return parts, "x y  z".split(), "-".join(parts), s.split(",", 1)


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["a,b,,c"]
# EXPECT: "run"
