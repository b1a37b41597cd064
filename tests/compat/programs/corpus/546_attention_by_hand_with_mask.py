def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: Optional[torch.Tensor]) -> Tuple[torch.Tensor, torch.Tensor]:
    d = q.size(-1)
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p = torch.softmax(scores, dim=-1)
    return torch.matmul(p, v), p


def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    mask = torch.tril(torch.ones(q.size(0), k.size(0)))
    return attention(q, k, v, mask)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3, 2], "data": [1.0, 0.0, 0.0, 1.0, 1.0, 1.0]}}, {"tensor": {"dtype": "float32", "sizes": [3, 2], "data": [1.0, 2.0, 0.5, -1.0, 0.0, 0.0]}}, {"tensor": {"dtype": "float32", "sizes": [3, 2], "data": [1.0, 0.0, 0.0, 1.0, 2.0, 2.0]}}]
# EXPECT: "run"
