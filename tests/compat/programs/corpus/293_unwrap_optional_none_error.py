def fn(x: Optional[int]) -> int:
    return torch.jit._unwrap_optional(x)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [null]
# EXPECT: "runtime_error"
# MATCH: "Unwrapping null optional"
