def fn(trans: torch.Tensor, start: int, eos: int, max_len: int) -> Tuple[List[int], float]:
    seq = [start]
    logp = 0.0
    cur = start
    while len(seq) < max_len:
        probs = torch.softmax(trans[cur], dim=0)
        nxt = int(probs.argmax())
        logp += math.log(probs[nxt].item())
        seq.append(nxt)
        if nxt == eos:
            break
        cur = nxt
    return seq, logp


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [4, 4], "data": [0.0, 2.0, 0.5, 0.1, 0.1, 0.0, 3.0, 0.2, 0.5, 0.1, 0.0, 2.5, 1.0, 1.0, 1.0, 1.0]}}, 0, 3, 10]
# EXPECT: "run"
