def fn(t: torch.Tensor) -> Tuple[int, int]:
    d: Dict[torch.Tensor, int] = {t: 1}
    e = {1: 2.5, 2: 3.5}
    return d[t], len(e)


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [1], "data": [3]}}]
# EXPECT: "run"
