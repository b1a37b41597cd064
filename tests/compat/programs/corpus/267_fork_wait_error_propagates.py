def work(x: int) -> int:
    return 10 // x


def fn(x: int) -> int:
    fut = torch.jit._fork(work, x)
    return torch.jit._wait(fut)


# AREA: "async"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [0]
# EXPECT: "runtime_error"
# MATCH: "division by 0"
