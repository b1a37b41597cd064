def fn(x: Optional[torch.Tensor]) -> int:
    if x is None:
        return 1
    return 2


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [null]
# EXPECT: "run"
