def work(x: int) -> int:
    return x * 2


def fn(x: int) -> int:
    fut = torch.jit._fork(work, x)
    return torch.jit._wait(fut) + 1


# AREA: "async"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
