def fn(d: Dict[str, int], qs: List[str]) -> Tuple[List[bool], List[str]]:
    hits = [q in d.keys() for q in qs]
    lines: List[str] = []
    for i, kv in enumerate(d.items()):
        lines.append(str(i) + ":" + kv[0] + "=" + str(kv[1]))
    return hits, lines


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["x", 1], ["y", 2]]}, ["x", "z"]]
# EXPECT: "run"
