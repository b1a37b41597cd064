def inputs() -> Tuple[int]:
    return (20000,)


def forward(n: int) -> int:
    xs: List[int] = []
    for i in range(n):
        xs.append(i * 7 % 13)
    total = 0
    for x in xs:
        if x > 5:
            total += x
    xs.sort()
    return total + xs[len(xs) // 2]
