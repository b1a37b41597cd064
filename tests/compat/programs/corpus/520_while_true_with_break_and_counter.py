def collatz(n: int) -> int:
    steps = 0
    while True:
        if n == 1:
            break
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def fn(xs: List[int]) -> List[int]:
    return [collatz(x) for x in xs]


# AREA: "statements"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[1, 6, 7, 27]]
# EXPECT: "run"
