def fn(pred: List[int], gold: List[int], n: int) -> Tuple[torch.Tensor, List[float], float]:
    cm = torch.zeros(n, n, dtype=torch.long)
    for p, g in zip(pred, gold):
        cm[g, p] += 1
    f1: List[float] = []
    for c in range(n):
        tp = int(cm[c, c])
        fp = int(cm[:, c].sum()) - tp
        fn_ = int(cm[c, :].sum()) - tp
        denom = 2 * tp + fp + fn_
        f1.append(0.0 if denom == 0 else 2.0 * tp / denom)
    acc = float(cm.diag().sum()) / len(pred)
    return cm, f1, acc


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[0, 1, 2, 2, 1, 0, 1], [0, 2, 2, 1, 1, 0, 0], 3]
# EXPECT: "run"
