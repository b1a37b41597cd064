def fn(x: int) -> str:
    return chr(x)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [-1]
# EXPECT: "runtime_error"
# MATCH: "chr() arg not in range(0x110000)"
