def fn(n: int) -> torch.Tensor:
    x = torch.zeros(n, n)
    for i in range(n):
        x[i][i] = 1.0
        if i + 1 < n:
            x[i][i + 1] = -0.5
    x[0, -1] = 9.0
    return x


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [3]
# EXPECT: "run"
