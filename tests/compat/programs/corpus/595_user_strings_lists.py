def fn():
    words = "the quick brown fox jumps over the lazy dog".split(" ")
    vocab: Dict[str, int] = {}
    for w in words:
        if w not in vocab:
            vocab[w] = len(vocab)
    ids = [vocab[w] for w in words]
    t = torch.tensor(ids)
    counts = torch.bincount(t)
    top = counts.argmax().item()
    inv: Dict[int, str] = {}
    for k, v in vocab.items():
        inv[v] = k
    long_words: List[str] = []
    for w in words:
        if len(w) > 3:
            long_words.append(w.upper())
    s = "-".join(long_words)
    f = "{} words, top={}".format(len(words), inv[int(top)])
    padded = [ids[i:i + 4] + [0] * (4 - len(ids[i:i + 4])) for i in range(0, len(ids), 4)]
    batch = torch.tensor(padded)
    mask = batch != 0
    lengths: List[int] = mask.sum(1).tolist()
    sorted_words = sorted(words)
    return ids, counts, s, f, batch, lengths, sorted_words[:3], "fox" in words, words.index("fox"), s.lower().count("o")


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
