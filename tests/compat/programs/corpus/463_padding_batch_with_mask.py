def fn(seqs: List[List[int]], pad: int) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    max_len = max([len(s) for s in seqs])
    batch = torch.full([len(seqs), max_len], pad, dtype=torch.long)
    for i, s in enumerate(seqs):
        if len(s) > 0:
            batch[i, :len(s)] = torch.tensor(s)
    mask = batch != pad
    lengths = mask.sum(1)
    return batch, mask, lengths


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[[5, 6, 7], [8], [], [1, 2]], 0]
# EXPECT: "run"
