def inputs() -> Tuple[int]:
    return (20000,)


def clamp(v: int, lo: int, hi: int) -> int:
    return max(lo, min(v, hi))


def step(acc: int, i: int) -> int:
    return clamp(acc + i * 3 - 7, -1000, 1000)


def forward(n: int) -> int:
    acc = 0
    for i in range(n):
        acc = step(acc, i)
    return acc
