class Item(NamedTuple):
    name: str
    score: float


def fn(names: List[str], scores: List[float]) -> Tuple[List[str], float, Item]:
    items = [Item(n, s) for n, s in zip(names, scores)]
    # selection sort on the score field, best first
    for i in range(len(items)):
        best = i
        for j in range(i + 1, len(items)):
            if items[j].score > items[best].score:
                best = j
        tmp = items[i]
        items[i] = items[best]
        items[best] = tmp
    return [it.name for it in items], items[0].score - items[-1].score, items[1]


# AREA: "classes"
# MODE: "script"
# ENTRY: "fn"
# INPUTS: [["a", "b", "c", "d"], [0.5, 2.0, -1.0, 1.5]]
# EXPECT: "run"
