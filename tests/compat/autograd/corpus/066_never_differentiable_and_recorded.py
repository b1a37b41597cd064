def fn():
    # Which results require grad when an input does: none for the ops PyTorch 1.13 never
    # differentiates (integer casts and results, dtype views, the special polynomials and Bessel
    # functions: kNonDifferentiable), all for those it records without a derivative
    # (not_implemented.cpp), whose backward raises (067, 068).
    x = torch.sin(torch.arange(6, dtype=torch.float64) * 0.37 + 0.1).requires_grad_()
    n = torch.arange(6, dtype=torch.float64).requires_grad_()
    y = x * 1.0
    never = [torch._cast_Byte(y), torch._cast_Char(y), torch._cast_Int(y), torch._cast_Long(y), torch._cast_Short(y)]
    never += [torch.ops.aten._dim_arange(y, 0), torch.ops.aten.view_copy(y, dtype=torch.float64)]
    never += [torch.where(y > 0.5)[0], torch.where(y > 0.5, 1.0, 2.0)]
    never += [torch.special.airy_ai(y), torch.special.bessel_j0(y), torch.special.bessel_j1(y)]
    never += [torch.special.bessel_y0(y + 1.0), torch.special.bessel_y1(y + 1.0)]
    never += [torch.special.modified_bessel_i0(y), torch.special.modified_bessel_i1(y)]
    never += [torch.special.modified_bessel_k0(y + 1.0), torch.special.modified_bessel_k1(y + 1.0)]
    never += [torch.special.scaled_modified_bessel_k0(y + 1.0), torch.special.scaled_modified_bessel_k1(y + 1.0)]
    never += [torch.special.spherical_bessel_j0(y)]
    never += [torch.special.chebyshev_polynomial_t(y, n), torch.special.chebyshev_polynomial_u(y, 3)]
    never += [torch.special.chebyshev_polynomial_v(0.5, n), torch.special.chebyshev_polynomial_w(y, n)]
    never += [torch.special.shifted_chebyshev_polynomial_t(y, 2), torch.special.shifted_chebyshev_polynomial_u(y, n)]
    never += [torch.special.shifted_chebyshev_polynomial_v(y, n), torch.special.shifted_chebyshev_polynomial_w(0.25, n)]
    never += [torch.special.hermite_polynomial_h(y, n), torch.special.hermite_polynomial_he(y, 4)]
    never += [torch.special.laguerre_polynomial_l(y, n), torch.special.legendre_polynomial_p(y, 3)]
    never += [torch.repeat_interleave(torch.tensor([1, 2, 0, 3]))]
    recorded = [torch.ops.aten._aminmax(y)[0], torch.ops.aten._aminmax(y, 0)[1], torch.ops.aten._stack([y, y], 0)]
    recorded += [torch.ops.aten.detach_copy(y), torch.heaviside(y, n), torch.nextafter(y, n)]
    recorded += [torch.special.zeta(y + 2.0, 3.0), y.clone().heaviside_(n), y.clone().nextafter_(n)]
    idx = torch.tensor([1, 3])
    recorded += [torch.scatter(y, 0, idx, n, reduce="add"), torch.scatter(y, 0, idx, 2.0, reduce="multiply")]
    recorded += [y.clone().scatter_(0, idx, n, reduce="multiply")]
    flags_never = [t.requires_grad for t in never]
    flags_recorded = [t.requires_grad for t in recorded]
    # The values still come out, and the differentiable part of a sum still differentiates.
    s = y.pow(2.0).sum() + never[10].sum() + never[23].sum()
    # The no_grad renorm F.embedding(max_norm=) runs writes a leaf that requires grad, records
    # nothing and returns the leaf itself.
    w = (torch.sin(torch.arange(12, dtype=torch.float64).reshape(4, 3)) * 2.0).requires_grad_()
    ids = torch.tensor([0, 2, 2, 3])
    r = torch.ops.aten._no_grad_embedding_renorm_(w, ids, 1.5, 2.0)
    emb = torch.nn.functional.embedding(ids, w, max_norm=1.0)
    gw = torch.autograd.grad([emb.pow(2.0).sum()], [w])
    return flags_never, flags_recorded, never, recorded[0].detach(), torch.autograd.grad([s], [x]), r.requires_grad, gw, w.detach()


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
