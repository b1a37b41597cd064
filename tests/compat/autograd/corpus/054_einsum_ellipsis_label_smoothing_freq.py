def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(2 * 3 * 4, dtype=torch.float64).reshape(2, 3, 4) * 0.7 + 0.1).requires_grad_()
    y = torch.cos(torch.arange(2 * 4 * 2, dtype=torch.float64).reshape(2, 4, 2) * 0.9).requires_grad_()
    m = torch.sin(torch.arange(9, dtype=torch.float64).reshape(3, 3) * 1.3 + 0.5).requires_grad_()
    # einsum with '...' (batch dims, broadcast, implicit output) and repeated indices (diagonals).
    loss = torch.einsum('...ij,...jk->...ik', x, y).pow(2.0).sum() + torch.einsum('bij,...jk', x, y[0]).sin().sum()
    loss = loss + torch.einsum('ii->i', m).pow(3.0).sum() + torch.einsum('ii', m) + torch.einsum('iij,jk->ik', m.unsqueeze(2) * x[0].unsqueeze(0), y[0]).pow(2.0).sum()
    loss = loss + torch.einsum('bii,bi->b', x[:, :, :3], x[:, 0, :3]).sum() + torch.einsum('i...,i...->...', x, x.cos()).pow(2.0).sum() + torch.einsum('...j,j->...', x, y[0, :, 0]).sin().sum()
    # cross_entropy with label_smoothing: class targets (weights, ignore_index, every reduction,
    # a spatial dim) and probability targets.
    logits = x[0] * 2.0
    t = torch.tensor([1, 0, 3])
    cw = torch.tensor([1.0, 2.0, 0.5, 1.5], dtype=torch.float64)
    loss = loss + F.cross_entropy(logits, t, label_smoothing=0.2) + F.cross_entropy(logits, t, weight=cw, label_smoothing=0.1) * 2.0
    loss = loss + F.cross_entropy(logits, torch.tensor([1, -100, 2]), label_smoothing=0.3, reduction='none').pow(2.0).sum()
    loss = loss + F.cross_entropy(logits, t, weight=cw, ignore_index=0, label_smoothing=0.25, reduction='sum') + F.cross_entropy(logits, torch.tensor([1, -100, 2]), weight=cw, label_smoothing=0.3)
    loss = loss + F.cross_entropy(logits, torch.softmax(x[1], 1), label_smoothing=0.2) + F.cross_entropy(logits, torch.softmax(x[1], 1), weight=cw, label_smoothing=0.4, reduction='sum')
    loss = loss + F.cross_entropy(x.transpose(1, 2), torch.tensor([[1, 0, 2], [2, 2, 1]]), label_smoothing=0.15)
    # embedding with scale_grad_by_freq (each row's gradient over its index's count).
    w = (torch.cos(torch.arange(5 * 3, dtype=torch.float64).reshape(5, 3) * 0.4)).requires_grad_()
    i = torch.tensor([[0, 2, 2], [1, 2, 0]])
    loss = loss + (F.embedding(i, w, scale_grad_by_freq=True) * x[0, :, :3]).sum() + F.embedding(i, w, padding_idx=0, scale_grad_by_freq=True).pow(2.0).sum()
    # embedding_bag with scale_grad_by_freq (sum and mean; PyTorch 1.13's scaling of the indices
    # after a repeated one), per-sample weights, padding_idx.
    bi = torch.tensor([0, 2, 2, 1, 2, 3, 4, 4, 1])
    bo = torch.tensor([0, 2, 5])
    loss = loss + (F.embedding_bag(bi, w, bo, mode='sum', scale_grad_by_freq=True) * x[0, :, :3]).sum() + F.embedding_bag(bi, w, bo, mode='mean', scale_grad_by_freq=True).pow(2.0).sum()
    loss = loss + F.embedding_bag(bi, w, bo, mode='sum', scale_grad_by_freq=True, per_sample_weights=torch.arange(9, dtype=torch.float64) * 0.1).sin().sum() + F.embedding_bag(bi, w, bo, mode='mean', scale_grad_by_freq=True, padding_idx=2).cos().sum()
    # _batch_norm_impl_index (what batch_norm runs in PyTorch's graph).
    g = (torch.arange(4, dtype=torch.float64) * 0.3 + 0.8).requires_grad_()
    loss = loss + torch._batch_norm_impl_index(x.transpose(1, 2), g, g * 0.5, None, None, True, 0.1, 1e-5, False)[0].pow(2.0).sum()
    rm = torch.tensor([0.1, -0.2, 0.3, 0.0], dtype=torch.float64)
    rv = torch.tensor([0.5, 1.5, 1.0, 2.0], dtype=torch.float64)
    loss = loss + torch._batch_norm_impl_index(x[0], g, None, rm, rv, False, 0.1, 1e-5, False)[0].sin().sum()
    return loss, torch.autograd.grad([loss], [x, y, m, w, g])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
