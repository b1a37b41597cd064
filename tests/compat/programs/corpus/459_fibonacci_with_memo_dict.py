def fn(n: int) -> Tuple[int, List[int]]:
    memo: Dict[int, int] = {0: 0, 1: 1}
    for i in range(2, n + 1):
        memo[i] = memo[i - 1] + memo[i - 2]
    evens = [0]
    for i in range(1, n + 1):
        if memo[i] % 2 == 0:
            evens.append(memo[i])
    return memo[n], evens


# AREA: "dicts"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [40]
# EXPECT: "run"
