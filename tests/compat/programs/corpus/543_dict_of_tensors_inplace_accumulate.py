def fn(keys: List[str], xs: List[torch.Tensor]) -> Tuple[Dict[str, torch.Tensor], Dict[str, int]]:
    sums: Dict[str, torch.Tensor] = {}
    counts: Dict[str, int] = {}
    for k, x in zip(keys, xs):
        if k in sums:
            sums[k] += x
            counts[k] += 1
        else:
            sums[k] = x.clone()
            counts[k] = 1
    for k in sums.keys():
        sums[k] /= counts[k]
    return sums, counts


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["a", "b", "a"], [{"tensor": {"dtype": "float32", "sizes": [2], "data": [1.0, 2.0]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [0.0, 1.0]}}, {"tensor": {"dtype": "float32", "sizes": [2], "data": [3.0, 4.0]}}]]
# EXPECT: "run"
