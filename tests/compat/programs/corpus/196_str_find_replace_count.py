def fn(s: str) -> Tuple[int, int, int, str, int, int]:
    return s.find("an"), s.rfind("an"), s.find("zz"), s.replace("a", "o"), s.count("a"), s.index("n")


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["banana"]
# EXPECT: "run"
