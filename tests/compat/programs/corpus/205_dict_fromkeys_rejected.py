def fn(ks: List[str]) -> Dict[str, int]:
    return dict.fromkeys(ks, 0)


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["a", "b"]]
# EXPECT: "compile_error"
# MATCH: "attribute lookup is not defined on dict"
