def fn(labels: List[str]) -> List[int]:
    table = {"cat": 0, "dog": 1}
    return [table[l] for l in labels]


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["cat", "bird"]]
# EXPECT: "runtime_error"
# MATCH: "KeyError"
