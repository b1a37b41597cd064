def work(x: torch.Tensor, k: float) -> torch.Tensor:
    return x * k


def fn(x: torch.Tensor) -> torch.Tensor:
    futs: List[torch.jit.Future[torch.Tensor]] = []
    for i in range(3):
        futs.append(torch.jit._fork(work, x, float(i)))
    out = torch.zeros_like(x)
    for f in futs:
        out = out + torch.jit._wait(f)
    return out


# AREA: "async"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1, 2, 3]}}]
# EXPECT: "run"
