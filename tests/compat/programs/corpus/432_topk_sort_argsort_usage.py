def fn(scores: torch.Tensor, k: int) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, List[int]]:
    vals, idx = torch.topk(scores, k)
    s, order = torch.sort(scores, descending=True)
    rank = torch.argsort(order)
    best: List[int] = []
    top: List[int] = idx.tolist()
    for i in top:
        best.append(i * 10)
    return vals, idx, s, rank, best


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [5], "data": [0.1, 0.9, 0.4, 0.7, 0.3]}}, 3]
# EXPECT: "run"
