def fn():
    F = torch.tensor([[1.0, 1.0], [0.0, 1.0]], dtype=torch.float64)
    H = torch.tensor([[1.0, 0.0]], dtype=torch.float64)
    Q = torch.eye(2, dtype=torch.float64) * 0.01
    R = torch.tensor([[0.5]], dtype=torch.float64)
    x = torch.zeros(2, 1, dtype=torch.float64)
    P = torch.eye(2, dtype=torch.float64)
    zs = torch.sin(torch.arange(12, dtype=torch.float64) * 0.3) * 5.0 + torch.arange(12, dtype=torch.float64)
    est: List[float] = []
    for i in range(zs.size(0)):
        x = F @ x
        P = F @ P @ F.t() + Q
        y = zs[i].reshape(1, 1) - H @ x
        S = H @ P @ H.t() + R
        K = P @ H.t() @ torch.linalg.inv(S)
        x = x + K @ y
        P = (torch.eye(2, dtype=torch.float64) - K @ H) @ P
        est.append(float(x[0, 0]))
    return est, P


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
