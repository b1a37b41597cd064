def fn():
    x = torch.sin(torch.arange(3, dtype=torch.float64)).requires_grad_()
    x.add_(1.0)
    return x


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "runtime_error"
# MATCH: "a leaf Variable that requires grad is being used in an in-place operation."
