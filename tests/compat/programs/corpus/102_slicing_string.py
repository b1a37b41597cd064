def fn(s: str) -> List[str]:
    return [s[1:4], s[::2], s[::-1], s[-3:], s[5:2:-1], s[100:]]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["abcdefgh"]
# EXPECT: "run"
