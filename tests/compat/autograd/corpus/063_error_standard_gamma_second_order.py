def fn():
    # _standard_gamma's gradient is _standard_gamma_grad at the sample, which PyTorch 1.13 does
    # not differentiate (derivatives.yaml: not_implemented): a second order raises its error.
    x = torch.sin(torch.arange(6, dtype=torch.float64) * 0.7).requires_grad_()
    s = torch._standard_gamma(x.exp() + 0.5)
    g = torch.autograd.grad([s.sum()], [x], create_graph=True)[0]
    assert g is not None
    return torch.autograd.grad([g.sum()], [x])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "the derivative for '_standard_gamma_grad' is not implemented."
