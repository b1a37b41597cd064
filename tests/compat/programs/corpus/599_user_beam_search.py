def fn():
    V = 6
    torch.manual_seed(1)
    logits_table = torch.log_softmax(torch.randn(5, V, V), dim=-1)
    beams: List[Tuple[List[int], float]] = [([0], 0.0)]
    for step in range(5):
        cand: List[Tuple[List[int], float]] = []
        for seq, score in beams:
            lp = logits_table[step, seq[-1]]
            vals, idx = lp.topk(3)
            for j in range(3):
                cand.append((seq + [int(idx[j])], score + float(vals[j])))
        best: List[Tuple[List[int], float]] = []
        used = [False] * len(cand)
        for _ in range(3):
            bi = -1
            bs = -1e30
            for i in range(len(cand)):
                if not used[i] and cand[i][1] > bs:
                    bs = cand[i][1]
                    bi = i
            used[bi] = True
            best.append(cand[bi])
        beams = best
    return beams


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
