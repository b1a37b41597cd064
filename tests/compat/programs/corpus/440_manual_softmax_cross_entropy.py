def fn(logits: torch.Tensor, target: List[int]) -> Tuple[float, torch.Tensor, List[int]]:
    shifted = logits - logits.max(dim=1, keepdim=True)[0]
    logp = shifted - shifted.exp().sum(1, keepdim=True).log()
    loss = 0.0
    for i, t in enumerate(target):
        loss -= logp[i, t].item()
    pred: List[int] = logp.argmax(1).tolist()
    return loss / len(target), logp.exp(), pred


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [2, 3], "data": [2.0, 1.0, 0.1, 0.5, 2.5, 0.3]}}, [0, 2]]
# EXPECT: "run"
