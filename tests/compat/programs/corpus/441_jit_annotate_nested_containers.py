def fn(words: List[str]) -> Dict[str, List[int]]:
    pos = torch.jit.annotate(Dict[str, List[int]], {})
    for i, w in enumerate(words):
        if w in pos:
            pos[w].append(i)
        else:
            pos[w] = torch.jit.annotate(List[int], [i])
    return pos


# AREA: "typing"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [["a", "b", "a", "c", "a", "b"]]
# EXPECT: "run"
