def fn(words: List[str]) -> Dict[str, int]:
    return {w: i for i, w in enumerate(words)}


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["a", "b"]]
# EXPECT: "compile_error"
# MATCH: "expected in but found"
