def matmul(a: List[List[float]], b: List[List[float]]) -> List[List[float]]:
    n = len(a)
    m = len(b[0])
    k = len(b)
    out = [[0.0] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            s = 0.0
            for t in range(k):
                s += a[i][t] * b[t][j]
            out[i][j] = s
    return out


def fn(a: List[List[float]], b: List[List[float]]) -> Tuple[List[List[float]], bool]:
    c = matmul(a, b)
    ref = torch.tensor(a).mm(torch.tensor(b))
    return c, bool(torch.allclose(torch.tensor(c), ref))


# AREA: "lists"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[1.0, 0.5, -1.0], [2.0, 0.0, 1.0]]]
# EXPECT: "run"
