def fn(logits: torch.Tensor, target: torch.Tensor, ks: List[int]) -> List[float]:
    maxk = max(ks)
    _, pred = logits.topk(maxk, dim=1, largest=True, sorted=True)
    correct = pred.eq(target.view(-1, 1).expand_as(pred))
    res: List[float] = []
    for k in ks:
        res.append(correct[:, :k].sum().item() * 100.0 / target.size(0))
    return res


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [4, 3], "data": [0.1, 0.5, 0.4, 0.8, 0.15, 0.05, 0.2, 0.3, 0.5, 0.6, 0.3, 0.1]}}, {"tensor": {"dtype": "int64", "sizes": [4], "data": [2, 0, 1, 2]}}, [1, 2]]
# EXPECT: "run"
