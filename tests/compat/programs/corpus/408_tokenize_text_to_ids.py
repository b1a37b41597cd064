def fn(text: str, vocab: Dict[str, int]) -> List[int]:
    ids: List[int] = [vocab["<s>"]]
    for raw in text.lower().split():
        tok = raw.strip(".,!?")
        if len(tok) == 0:
            continue
        ids.append(vocab.get(tok, vocab["<unk>"]))
    ids.append(vocab["</s>"])
    return ids


# AREA: "strings"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: ["Hello, World! the  world is BIG .", {"dict": [["<s>", 0], ["</s>", 1], ["<unk>", 2], ["hello", 3], ["world", 4], ["the", 5]]}]
# EXPECT: "run"
