def fn(d: Dict[str, int], s: str) -> Tuple[bool, bool, bool, bool]:
    return "a" in d, "b" in d, "ell" in s, "xyz" not in s


# AREA: "expressions"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["a", 1]]}, "hello"]
# EXPECT: "run"
