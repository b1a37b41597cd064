def fn(s: str) -> int:
    parts = s.split(",")
    total = 0
    for p in parts:
        total += int(p)
    return total


# AREA: "errors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["1,2,x3"]
# EXPECT: "runtime_error"
# MATCH: "stoll"
