def fn() -> int:
    if torch.jit.is_scripting():
        return 1
    return 0


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
