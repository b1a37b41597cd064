def fn(d: Dict[str, int]) -> Tuple[Optional[int], Optional[int], int]:
    return d.get("a"), d.get("z"), d.get("z", 42)


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"dict": [["a", 1]]}]
# EXPECT: "run"
