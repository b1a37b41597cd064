def is_pal(s: str) -> bool:
    t = ""
    for c in s.lower():
        if c.isalnum():
            t += c
    return t == t[::-1]


def fn(s: str) -> Tuple[str, str, str, bool, bool]:
    return s[::-1], s[::2], s[-4:-1], is_pal(s), is_pal("A man, a plan, a canal: Panama")


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["abcdefgh"]
# EXPECT: "run"
