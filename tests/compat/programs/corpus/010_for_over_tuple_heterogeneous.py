def fn() -> str:
    out = ""
    for v in (1, "a", 2.5):
        out = out + str(v) + ";"
    return out


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
