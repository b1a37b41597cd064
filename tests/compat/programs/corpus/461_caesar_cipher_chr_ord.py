def shift(s: str, k: int) -> str:
    out: List[str] = []
    for c in s:
        if c.isupper():
            out.append(chr((ord(c) - ord("A") + k) % 26 + ord("A")))
        elif c.islower():
            out.append(chr((ord(c) - ord("a") + k) % 26 + ord("a")))
        else:
            out.append(c)
    return "".join(out)


def fn(s: str, k: int) -> Tuple[str, str, bool]:
    enc = shift(s, k)
    dec = shift(enc, -k)
    return enc, dec, dec == s


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["Hello, World! xyz", 3]
# EXPECT: "run"
