def fn():
    x = torch.sin(torch.arange(3, dtype=torch.float64)).requires_grad_()
    y = x * 2.0
    y.requires_grad_(False)
    return y


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "you can only change requires_grad flags of leaf variables."
