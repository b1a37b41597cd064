def fn():
    lengths = torch.tensor([5, 3, 1, 4])
    T = int(lengths.max())
    mask = torch.arange(T).unsqueeze(0) < lengths.unsqueeze(1)
    x = torch.sin(torch.arange(4 * T * 3, dtype=torch.float32)).reshape(4, T, 3)
    xm = x.masked_fill(~mask.unsqueeze(-1), 0.0)
    mean = xm.sum(1) / lengths.unsqueeze(1).float()
    last = x[torch.arange(4), lengths - 1]
    order = lengths.argsort(descending=True)
    att = torch.softmax(torch.where(mask, x.sum(-1), torch.full_like(x.sum(-1), float("-inf"))), dim=1)
    causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
    return mask, mean, last, order, att, causal.sum()


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
