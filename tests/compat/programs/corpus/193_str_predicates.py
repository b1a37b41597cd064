def fn(s: str) -> List[bool]:
    return [s.isalnum(), s.isalpha(), s.isdigit(), "123".isdigit(), s.islower(), s.isupper(), " ".isspace(), "Ab Cd".istitle()]


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["abc123"]
# EXPECT: "run"
