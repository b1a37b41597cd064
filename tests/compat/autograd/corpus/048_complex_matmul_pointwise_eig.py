def fn():
    x = torch.sin(torch.arange(3 * 4, dtype=torch.float64).reshape(3, 4) * 0.7).requires_grad_()
    y = torch.cos(torch.arange(4 * 3, dtype=torch.float64).reshape(4, 3) * 1.1).requires_grad_()
    z = torch.complex(torch.cos(torch.arange(9, dtype=torch.float64) * 0.8), torch.sin(torch.arange(9, dtype=torch.float64) * 0.5)).reshape(3, 3).requires_grad_()
    A = torch.complex(x, x.cos())
    B = torch.complex(y.sin(), y)
    r = torch.view_as_real
    v = B[:, 0]
    # Products of complex matrices (conjugate transposes in the gradients), with a real operand too.
    loss = r(A.mm(B)).pow(2.0).sum() + r(A @ B @ z).sin().sum() + r(torch.bmm(A.unsqueeze(0), B.unsqueeze(0))).pow(3.0).sum()
    loss = loss + r(A.mv(v)).pow(2.0).sum() + r(v @ B).sum()
    # No complex dot/vdot: the installed PyTorch 1.13 returns 0 for them (ember's gradients of
    # both are checked against finite differences in autograd_gradcheck_test.cpp).
    loss = loss + r(torch.addmm(z, A, B, beta=0.5, alpha=1.5)).pow(2.0).sum() + r(torch.nn.functional.linear(A, B.t(), z[0])).cos().sum()
    loss = loss + r(torch.einsum('ij,jk->ik', A, B)).pow(2.0).sum() + r(torch.outer(A[0], v)).pow(2.0).sum() + r(x.to(torch.complex128) @ B).pow(2.0).sum() + r(A.mH @ A).pow(2.0).sum()
    # Pointwise functions and reductions of complex values.
    p = z * 0.5 + 1.5
    loss = loss + r(p.exp()).pow(2.0).sum() + r(p.log()).pow(2.0).sum() + r(p.sqrt()).sum() + r(p.reciprocal()).pow(2.0).sum() + r(p.sin()).sum() + r(p.cos()).pow(2.0).sum()
    loss = loss + r(p.tanh()).pow(2.0).sum() + r(p.sigmoid()).pow(2.0).sum() + r(p.pow(2.5)).sum() + r(p ** z).pow(2.0).sum() + r(torch.pow(2.0, p)).sum()
    h = z * 0.5
    loss = loss + r(h.asin()).pow(2.0).sum() + r(h.acos()).sum() + r(h.atan()).pow(2.0).sum() + r(h.asinh()).sum() + r((h + 2.0).acosh()).pow(2.0).sum() + r(h.atanh()).sum()
    loss = loss + r(z.sum(0)).pow(2.0).sum() + r(z.mean()).pow(2.0).sum() + r(p.prod(1)).pow(2.0).sum() + z.abs().pow(3.0).sum() + z.angle().pow(2.0).sum()
    # The general eigendecomposition, through phase-invariant terms (eigenvalues, projectors v v^H).
    m = z + torch.diag(torch.tensor([2.0, -1.0, 0.5], dtype=torch.float64))
    L, V = torch.linalg.eig(m)
    P = V.unsqueeze(1) * V.conj().unsqueeze(0)
    loss = loss + r(L).pow(2.0).sum() + r(P).pow(2.0).sum() + torch.linalg.eigvals(m).abs().sum()
    mr = x[:, :3] + torch.diag(torch.tensor([2.0, -1.0, 0.5], dtype=torch.float64))
    Lr, Vr = torch.linalg.eig(mr)
    loss = loss + r(Lr).pow(2.0).sum() + (Vr.abs() * Lr.abs()).sum() + r(torch.linalg.eigvals(mr)).sin().sum()
    # Hermitian eigendecomposition of a complex matrix (eigenvalues, projectors).
    H = z + z.mH
    Lh, Vh = torch.linalg.eigh(H)
    loss = loss + Lh.pow(2.0).sum() + r(Vh.unsqueeze(1) * Vh.conj().unsqueeze(0)).pow(2.0).sum() + torch.linalg.eigvalsh(H).sin().sum()
    gx, gy, gz = torch.autograd.grad([loss], [x, y, z])
    assert gz is not None
    return gx, gy, torch.view_as_real(gz)


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
