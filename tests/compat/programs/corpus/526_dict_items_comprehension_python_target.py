def fn(d: Dict[str, int]) -> Tuple[Dict[str, int], List[str]]:
    doubled = {k: v * 2 for k, v in d.items()}
    names = [k + "=" + str(v) for k, v in d.items()]
    return doubled, names


# AREA: "dicts"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [{"dict": [["a", 1], ["b", 2]]}]
# EXPECT: "run"
