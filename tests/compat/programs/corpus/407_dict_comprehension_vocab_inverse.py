def fn(words: List[str]) -> Tuple[Dict[str, int], Dict[int, str]]:
    vocab: Dict[str, int] = {}
    for w in words:
        if w not in vocab:
            vocab[w] = len(vocab)
    inv = {vocab[w]: w for w in vocab.keys()}
    return vocab, inv


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["the", "cat", "sat", "the", "mat"]]
# EXPECT: "run"
