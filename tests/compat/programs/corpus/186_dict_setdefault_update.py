def fn(d: Dict[str, int]) -> Dict[str, int]:
    d.setdefault("a", 100)
    d.setdefault("b", 2)
    d.update({"c": 3, "a": 0})
    return d


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["a", 1]]}]
# EXPECT: "run"
