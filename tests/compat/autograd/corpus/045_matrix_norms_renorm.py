def fn():
    a = (torch.sin(torch.arange(2 * 4 * 3, dtype=torch.float64).reshape(2, 4, 3) * 0.8) + torch.eye(4, 3, dtype=torch.float64) * 1.5).requires_grad_()
    L = torch.linalg
    sq = a[:, :3] + torch.eye(3, dtype=torch.float64)
    z = L.matrix_norm(a).sum() + L.matrix_norm(a, 'nuc').sum() + L.matrix_norm(a, 2).pow(2.0).sum() + L.matrix_norm(a, -2).sum()
    z = z + L.matrix_norm(a, 1).sum() + L.matrix_norm(a, -1).sum() + L.matrix_norm(a, float('inf')).sum() + L.matrix_norm(a, -float('inf'), keepdim=True).sum()
    z = z + L.norm(a[0]) + L.norm(a[0], 2) + L.norm(a, 'fro', [1, 2]).sum() + L.norm(a, 3.0, [1]).sum() + L.norm(a[1], -2)
    z = z + torch.nuclear_norm(a[0]) + torch.nuclear_norm(a, [2, 1]).sum() + L.cond(sq).sum() + L.cond(sq, -2).sum() + L.cond(sq, 'nuc').sum()
    z = z + L.matrix_norm(a, 2, [0, 2]).sum() + torch.renorm(a, 2.0, 0, 4.0).pow(2.0).sum() + torch.renorm(a, 1.0, 2, 3.0).sin().sum()
    return torch.autograd.grad([z], [a])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
