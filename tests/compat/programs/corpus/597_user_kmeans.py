def fn():
    torch.manual_seed(0)
    pts = torch.cat([torch.randn(20, 2) + torch.tensor([3.0, 3.0]), torch.randn(20, 2) - torch.tensor([3.0, 3.0]), torch.randn(20, 2) * 0.5])
    centers = pts[torch.tensor([0, 20, 40])].clone()
    assign = torch.zeros(60, dtype=torch.long)
    for it in range(10):
        d = torch.cdist(pts, centers)
        assign = d.argmin(dim=1)
        for k in range(3):
            m = assign == k
            if bool(m.any()):
                centers[k] = pts[m].mean(0)
    inertia = ((pts - centers[assign]) ** 2).sum()
    counts = torch.bincount(assign, minlength=3)
    return centers, counts, inertia


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
