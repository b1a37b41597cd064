def fn(logp: torch.Tensor, beam: int, eos: int) -> Tuple[List[List[int]], List[float]]:
    beams: List[List[int]] = [torch.jit.annotate(List[int], [])]
    scores: List[float] = [0.0]
    finished: List[List[int]] = []
    fscores: List[float] = []
    for t in range(logp.size(0)):
        cand: List[Tuple[float, List[int]]] = []
        for b, seq in enumerate(beams):
            row = logp[t]
            vals, idx = row.topk(beam)
            vl: List[float] = vals.tolist()
            il: List[int] = idx.tolist()
            for v, i in zip(vl, il):
                cand.append((scores[b] + v, seq + [i]))
        cand_scores = torch.tensor([c[0] for c in cand])
        order = torch.argsort(cand_scores, descending=True)
        beams = []
        scores = []
        picked: List[int] = order[:beam].tolist()
        for j in picked:
            s, seq = cand[j]
            if seq[-1] == eos:
                finished.append(seq)
                fscores.append(s)
            else:
                beams.append(seq)
                scores.append(s)
        if len(beams) == 0:
            break
    return finished + beams, fscores + scores


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3, 3], "data": [-0.1, -2.0, -3.0, -1.0, -0.2, -2.5, -0.3, -1.5, -0.9]}}, 2, 2]
# EXPECT: "run"
