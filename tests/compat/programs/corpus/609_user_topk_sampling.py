def fn():
    torch.manual_seed(42)
    logits = torch.randn(2, 10)
    temp = 0.7
    k = 4
    v, i = torch.topk(logits / temp, k, dim=-1)
    probs = torch.softmax(v, dim=-1)
    choice = torch.multinomial(probs, 3, replacement=True)
    tokens = i.gather(1, choice)
    sorted_logits, sorted_idx = torch.sort(logits, descending=True, dim=-1)
    cum = torch.softmax(sorted_logits, -1).cumsum(-1)
    remove = cum > 0.9
    remove[..., 1:] = remove[..., :-1].clone()
    remove[..., 0] = False
    filtered = sorted_logits.masked_fill(remove, float("-inf"))
    nucleus = torch.full_like(logits, float("-inf")).scatter(1, sorted_idx, filtered)
    u = torch.rand(2, 5)
    n = torch.randn(3)
    p = torch.randperm(6)
    r = torch.randint(0, 10, [4])
    return tokens, nucleus, u, n, p, r, torch.bernoulli(torch.full([5], 0.5))


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
