def fn(s: str) -> Tuple[str, str, int]:
    return s[0], s[-1], len(s[1:])


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["hello"]
# EXPECT: "run"
