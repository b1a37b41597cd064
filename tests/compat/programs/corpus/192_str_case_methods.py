def fn(s: str) -> List[str]:
    return [s.lower(), s.upper(), s.swapcase(), s.title(), s.capitalize()]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["Hello World"]
# EXPECT: "run"
