def fn():
    a = (torch.sin(torch.arange(4 * 3, dtype=torch.float64).reshape(4, 3) * 0.9) + torch.eye(4, 3, dtype=torch.float64) * 1.5).requires_grad_()
    w43 = torch.cos(torch.arange(12, dtype=torch.float64).reshape(4, 3) * 0.6)
    # LU of a tall (4 x 3) and a wide (3 x 4) matrix, packed and unpacked.
    p, lo, up = torch.linalg.lu(a)
    p2, lo2, up2 = torch.linalg.lu(a.mT)
    lu, piv = torch.linalg.lu_factor(a)
    lu2, piv2 = torch.linalg.lu_factor(a.mT)
    lu3 = torch._lu_with_info(a[:3])[0]
    lu4 = torch._lu_with_info(a)[0]
    z = (lo * w43).sum() + up.pow(2.0).sum() + lo2.sin().sum() + (up2 * w43.mT).sum() + (lu * w43).pow(2.0).sum() + lu2.cos().sum() + lu3.pow(2.0).sum() + (lu4 * w43).sum()
    return torch.autograd.grad([z], [a])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
