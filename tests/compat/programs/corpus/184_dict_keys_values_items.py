def fn(d: Dict[str, int]) -> Tuple[List[str], List[int], List[Tuple[str, int]]]:
    return list(d.keys()), list(d.values()), list(d.items())


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["b", 2], ["a", 1]]}]
# EXPECT: "run"
