def fn(xs: List[torch.Tensor], keys: List[str]) -> Dict[str, torch.Tensor]:
    groups: Dict[str, List[torch.Tensor]] = {}
    for k, x in zip(keys, xs):
        if k not in groups:
            groups[k] = []
        groups[k].append(x)
    out: Dict[str, torch.Tensor] = {}
    for k, v in groups.items():
        out[k] = torch.stack(v).sum(0)
    return out


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[{"tensor": {"dtype": "float32", "sizes": [2], "data": [1.0, 2.0]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [3.0, 4.0]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [5.0, 6.0]}}], ["a", "b", "a"]]
# EXPECT: "run"
