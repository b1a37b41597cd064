def fn(s: str, xs: List[int]) -> Tuple[List[str], List[int], bool]:
    return list(s), list(xs), 3 in xs


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["abc", [3, 1]]
# EXPECT: "run"
