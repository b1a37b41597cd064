def fn():
    a = torch.sin(torch.arange(2 * 3 * 4, dtype=torch.float64).reshape(2, 3, 4) * 0.7).requires_grad_()
    b = torch.cos(torch.arange(2 * 4 * 5, dtype=torch.float64).reshape(2, 4, 5) * 0.3).requires_grad_()
    v = torch.sin(torch.arange(4, dtype=torch.float64) + 0.5).requires_grad_()
    z = torch.einsum("bij,bjk->bik", a, b).pow(2.0).sum() + torch.einsum("bij,j->bi", a, v).sin().sum() + torch.einsum("bij->j", a).pow(2.0).sum()
    z = z + torch.einsum("i,j->ij", v, v).pow(2.0).sum() + torch.einsum("bij,bjk", a, b).sum() + torch.einsum("b i j , j -> i b", a, v).pow(3.0).sum()
    return torch.autograd.grad([z], [a, b, v])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
