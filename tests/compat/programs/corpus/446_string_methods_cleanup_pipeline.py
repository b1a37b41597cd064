def fn(s: str) -> Tuple[str, int, bool, List[str], str, str]:
    t = s.strip().replace("  ", " ").lower()
    pos = t.find("id=")
    digits = ""
    if pos >= 0:
        for c in t[pos + 3:]:
            if not c.isdigit():
                break
            digits += c
    code = digits.zfill(6)
    return t, pos, t.startswith("user"), t.split(" "), code, t.title()


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["  User  Name id=4217x TEXT  "]
# EXPECT: "run"
