def fn():
    # Gradients through the operators that are another operator under a second name: the
    # `_neg_view` (decompositions_aliases.cpp).
    x = torch.sin(torch.arange(3 * 4 * 5, dtype=torch.float64).reshape(3, 4, 5) * 0.37).requires_grad_()
    m = torch.cos(torch.arange(5 * 4, dtype=torch.float64).reshape(5, 4) * 0.71).requires_grad_()
    z = torch.ops.aten.permute_copy(x, [2, 0, 1]).pow(2.0).sum()
    z = z + torch.ops.aten.t_copy(m).sin().sum() + torch.ops.aten.alias_copy(m).pow(3.0).sum()
    z = z + torch.ops.aten.expand_copy(m[0], [3, 4]).pow(2.0).sum()
    z = z + torch.ops.aten.diagonal_copy(x, 1, 1, 2).sum() + torch.ops.aten.select_copy(x, 1, 2).pow(2.0).sum()
    z = z + torch.ops.aten.slice_copy(x, 2, 1, 4, 2).sin().sum()
    z = z + torch.ops.aten.squeeze_copy(x[:1]).sum() + torch.ops.aten.squeeze_copy(x[:, :1], 1).pow(2.0).sum()
    z = z + torch.ops.aten.transpose_copy(x, 0, 2).cos().sum() + torch.ops.aten.unsqueeze_copy(m, 1).pow(2.0).sum()
    z = z + torch.ops.aten.unfold_copy(x, 2, 2, 2).pow(2.0).sum() + torch.ops.aten.view_copy(x, [12, 5]).sin().sum()
    z = z + torch.ops.aten._unsafe_view(x, [4, 15]).pow(2.0).sum()
    z = z + torch._cast_Float(x).double().sum() + torch._cast_Double(m).pow(2.0).sum()
    z = z + torch.ops.aten._neg_view(m).exp().sum()
    return torch.autograd.grad([z], [x, m])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
