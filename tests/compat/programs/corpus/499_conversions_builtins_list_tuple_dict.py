def fn(s: str, keys: List[str], vals: List[int]) -> Tuple[List[str], List[int], Dict[str, int], List[str], str, str, str]:
    chars = list(s)
    r = list(range(2, 8, 3))
    d = dict(zip(keys, vals))
    ks = list(d)
    return chars, r, d, ks, hex(vals[0]), oct(vals[1]), bin(vals[2])


# AREA: "builtins"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["abc", ["x", "y", "z"], [255, 8, 5]]
# EXPECT: "run"
