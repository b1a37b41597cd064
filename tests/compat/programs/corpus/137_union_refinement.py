def fn(x: Union[int, str]) -> int:
    if isinstance(x, int):
        return x
    return len(x)


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["abc"]
# EXPECT: "run"
