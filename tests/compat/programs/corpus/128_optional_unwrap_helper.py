def fn(x: Optional[int]) -> int:
    return torch.jit._unwrap_optional(x) + 1


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
