def fn(d: Dict[str, int], drop: List[str]) -> Tuple[List[Tuple[str, int]], int, List[int]]:
    for k in drop:
        if k in d:
            del d[k]
    items = sorted(d.items())
    return items, len(d), sorted(d.values())[::-1]


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["b", 2], ["a", 5], ["c", 1], ["d", 3]]}, ["c", "zz"]]
# EXPECT: "run"
