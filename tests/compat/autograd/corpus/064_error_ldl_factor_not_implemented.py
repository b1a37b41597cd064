def fn():
    # PyTorch 1.13 records linalg.ldl_factor (through linalg_ldl_factor_ex) with its autograd
    # fallback: backward raises the fallback's error, which names the _ex form.
    x = torch.sin(torch.arange(9, dtype=torch.float64).reshape(3, 3) * 0.7).requires_grad_()
    a = x + x.t() + torch.eye(3, dtype=torch.float64) * 4.0
    ld, pivots = torch.linalg.ldl_factor(a)
    return torch.autograd.grad([ld.sum()], [x])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "derivative for aten::linalg_ldl_factor_ex is not implemented"
