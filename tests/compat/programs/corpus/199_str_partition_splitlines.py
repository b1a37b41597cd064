def fn(s: str) -> Tuple[Tuple[str, str, str], Tuple[str, str, str], List[str]]:
    return s.partition("="), s.rpartition("="), "a\nb\n\nc".splitlines()


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["k=v=w"]
# EXPECT: "run"
