"""Text helpers shared by the generators that read schema and type strings (ops_builtins, overloads)."""


def split_top(text):
    """Splits `a, b(c, d), e[f, g]` at the commas outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts
