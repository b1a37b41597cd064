def fn(xs: List[str], key: str) -> int:
    return xs.index(key)


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["a", "b"], "c"]
# EXPECT: "runtime_error"
# MATCH: "is not in list"
