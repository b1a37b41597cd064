def inputs() -> Tuple[int]:
    return (100000,)


def forward(n: int) -> int:
    total = 0
    for i in range(n):
        if i % 15 == 0:
            total += 4
        elif i % 3 == 0:
            total += 1
        elif i % 5 == 0:
            total += 2
        else:
            total += i
    return total
