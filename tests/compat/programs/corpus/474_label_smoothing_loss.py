def fn(logits: torch.Tensor, target: torch.Tensor, eps: float) -> Tuple[torch.Tensor, torch.Tensor]:
    n = logits.size(-1)
    logp = torch.log_softmax(logits, dim=-1)
    true_dist = torch.full_like(logp, eps / (n - 1))
    true_dist.scatter_(1, target.unsqueeze(1), 1.0 - eps)
    loss = -(true_dist * logp).sum(-1)
    return loss.mean(), true_dist


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [2.0, 0.5, -1.0, 0.0, 1.0, 3.0]}}, {"tensor": {"dtype": "int64", "sizes": [2], "data": [0, 2]}}, 0.1]
# EXPECT: "run"
