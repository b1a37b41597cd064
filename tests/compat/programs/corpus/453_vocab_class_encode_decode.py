class Vocab(object):
    def __init__(self, tokens: List[str]):
        self.itos: List[str] = ["<pad>", "<unk>"]
        self.stoi: Dict[str, int] = {"<pad>": 0, "<unk>": 1}
        for t in tokens:
            self.add(t)

    def add(self, t: str) -> int:
        if t not in self.stoi:
            self.stoi[t] = len(self.itos)
            self.itos.append(t)
        return self.stoi[t]

    def encode(self, text: str, max_len: int) -> torch.Tensor:
        ids = [self.stoi.get(w, 1) for w in text.split()]
        ids = ids[:max_len]
        ids = ids + [0] * (max_len - len(ids))
        return torch.tensor(ids, dtype=torch.long)

    def decode(self, ids: torch.Tensor) -> str:
        words: List[str] = []
        id_list: List[int] = ids.tolist()
        for i in id_list:
            if i != 0:
                words.append(self.itos[i])
        return " ".join(words)


def fn(text: str) -> Tuple[torch.Tensor, str, int]:
    v = Vocab(["the", "quick", "fox"])
    enc = v.encode(text, 6)
    return enc, v.decode(enc), len(v.itos)


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: ["the quick brown fox"]
# EXPECT: "run"
