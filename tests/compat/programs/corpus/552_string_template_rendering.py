def render(tpl: str, vals: Dict[str, str]) -> str:
    out = ""
    i = 0
    while i < len(tpl):
        if tpl[i] == "{":
            j = tpl.find("}", i)
            if j < 0:
                raise ValueError("unclosed brace at " + str(i))
            key = tpl[i + 1:j]
            out += vals.get(key, "?")
            i = j + 1
        else:
            out += tpl[i]
            i += 1
    return out


def fn(tpl: str) -> str:
    return render(tpl, {"name": "ember", "v": "1.0"})


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["{name} v{v} ({missing})"]
# EXPECT: "run"
