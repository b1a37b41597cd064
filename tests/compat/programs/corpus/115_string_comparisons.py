def fn(a: str, b: str) -> List[bool]:
    return [a < b, a > b, a == b, a != b, a <= "apple", b >= "c"]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["apple", "banana"]
# EXPECT: "run"
