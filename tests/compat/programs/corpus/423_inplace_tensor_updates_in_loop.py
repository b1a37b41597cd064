def fn(x: torch.Tensor, steps: int) -> torch.Tensor:
    acc = torch.zeros_like(x)
    for i in range(steps):
        acc.add_(x)
        x.mul_(0.5)
        acc[0] += float(i)
    x[-1] = -1.0
    return acc


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3], "data": [1.0, 2.0, 4.0]}}, 3]
# EXPECT: "run"
