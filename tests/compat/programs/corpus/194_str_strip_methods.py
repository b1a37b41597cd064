def fn(s: str) -> List[str]:
    t = s.strip()
    return [t, s.lstrip(), s.rstrip(), t.strip("x"), t.lstrip("x"), t.rstrip("x")]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["  xxhixx  "]
# EXPECT: "run"
