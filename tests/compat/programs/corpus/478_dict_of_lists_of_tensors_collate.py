def fn(samples: List[Dict[str, torch.Tensor]]) -> Dict[str, torch.Tensor]:
    keys = list(samples[0].keys())
    batch: Dict[str, List[torch.Tensor]] = {}
    for k in keys:
        batch[k] = []
    for s in samples:
        for k in keys:
            batch[k].append(s[k])
    return {k: torch.stack(batch[k]) for k in batch}


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[{"dict": [["x", {"tensor": {"dtype": "float32", "sizes": [2], "data": [1.0, 2.0]}}], ["y", {"tensor": {"dtype": "float32", "sizes": [1], "data": [0.0]}}]]}, {"dict": [["x", {"tensor": {"dtype": "float32", "sizes": [2], "data": [3.0, 4.0]}}], ["y", {"tensor": {"dtype": "float32", "sizes": [1], "data": [1.0]}}]]}]]
# EXPECT: "run"
