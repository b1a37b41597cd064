def fn(words: List[str]) -> str:
    return max(words, key=len)


# AREA: "errors"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [["a", "bbb"]]
# EXPECT: "compile_error"
# MATCH: "__len__ cannot be used as a value"
