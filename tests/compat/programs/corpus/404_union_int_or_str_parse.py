def to_int(v: Union[int, str]) -> int:
    if isinstance(v, str):
        v = v.strip()
        if v.startswith("0x"):
            return int(v[2:], 16) if False else len(v)
        return int(v)
    return v


def fn(a: Union[int, str], b: Union[int, str]) -> int:
    return to_int(a) * 10 + to_int(b)


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [" 42 ", 7]
# EXPECT: "run"
