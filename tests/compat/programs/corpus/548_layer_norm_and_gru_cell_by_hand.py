def layer_norm(x: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    mu = x.mean(-1, keepdim=True)
    var = ((x - mu) ** 2).mean(-1, keepdim=True)
    return (x - mu) / torch.sqrt(var + eps)


def gru_cell(x: torch.Tensor, h: torch.Tensor, w: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
    gx = x.matmul(w)
    gh = h.matmul(u)
    xr, xz, xn = gx.chunk(3, dim=1)
    hr, hz, hn = gh.chunk(3, dim=1)
    r = torch.sigmoid(xr + hr)
    z = torch.sigmoid(xz + hz)
    n = torch.tanh(xn + r * hn)
    return (1 - z) * n + z * h


def fn(xs: torch.Tensor, w: torch.Tensor, u: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    h = torch.zeros(1, u.size(0))
    for t in range(xs.size(0)):
        h = gru_cell(xs[t:t + 1], h, w, u)
    return h, layer_norm(xs)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: [{"tensor": {"dtype": "float32", "sizes": [3, 2], "data": [1.0, 0.0, 0.5, -0.5, 0.0, 2.0]}}, {"tensor": {"dtype": "float32", "sizes": [2, 6], "data": [0.0, 0.1, 0.2, 0.30000000000000004, 0.4, 0.5, -0.0, -0.05, -0.1, -0.15000000000000002, -0.2, -0.25]}}, {"tensor": {"dtype": "float32", "sizes": [2, 6], "data": [0.2, -0.1, 0.0, 0.3, 0.1, -0.2, 0.0, 0.1, 0.2, -0.3, 0.05, 0.1]}}]
# EXPECT: "run"
