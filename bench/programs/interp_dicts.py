def inputs() -> Tuple[int]:
    return (20000,)


def forward(n: int) -> int:
    counts: Dict[int, int] = {}
    for i in range(n):
        k = i * 31 % 97
        counts[k] = counts.get(k, 0) + 1
    best = 0
    for k, v in counts.items():
        if v > best:
            best = v + k
    return best
