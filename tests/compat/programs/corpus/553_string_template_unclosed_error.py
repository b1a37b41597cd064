def fn(tpl: str) -> str:
    out = ""
    i = 0
    while i < len(tpl):
        if tpl[i] == "{":
            j = tpl.find("}", i)
            if j < 0:
                raise ValueError("unclosed brace at " + str(i))
            i = j + 1
        else:
            out += tpl[i]
            i += 1
    return out


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["ab{cd"]
# EXPECT: "runtime_error"
# MATCH: "unclosed brace at 2"
