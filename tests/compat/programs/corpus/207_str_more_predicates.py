def fn(s: str) -> List[bool]:
    return [s.isidentifier(), "12".isdecimal(), "12".isnumeric(), "a\tb".isprintable(), "ABC".isupper()]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["abc_1"]
# EXPECT: "run"
