def fn(d: Dict[str, int]) -> Tuple[Dict[str, int], int, int, List[str], List[int], bool]:
    e = d.copy()
    e.setdefault("z", 26)
    e.setdefault("a", -1)
    p = e.pop("b", 0)
    q = e.pop("missing", -5)
    e.update({"c": 3, "d": 4})
    keys = sorted(e.keys())
    vals = [e[k] for k in keys]
    return e, p, q, keys, vals, "b" in e


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["b", 2], ["a", 1]]}]
# EXPECT: "run"
