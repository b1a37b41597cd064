def fn():
    # Gradients through the operator spellings archives call directly (their decompositions):
    # the slow convolutions, conv_tbc, weight normalisation, _masked_softmax, _trilinear, the
    # 1.13 attention, log_sigmoid_forward and max unpooling.
    x = torch.sin(torch.arange(2 * 3 * 5 * 4, dtype=torch.float64).reshape(2, 3, 5, 4) * 0.61).requires_grad_()
    w = torch.cos(torch.arange(4 * 3 * 2 * 2, dtype=torch.float64).reshape(4, 3, 2, 2) * 0.83).requires_grad_()
    z = torch.ops.aten.thnn_conv2d(x, w, [2, 2], None, [1, 1], [1, 0]).pow(2.0).sum()
    z = z + torch.ops.aten.slow_conv_dilated2d(x, w, [2, 2], None, [1, 1], [1, 1], [2, 1]).sin().sum()
    z = z + torch.ops.aten.slow_conv_transpose2d(x, w.transpose(0, 1), [2, 2], None, [2, 1], [0, 1], [1, 0], [1, 1]).pow(2.0).sum()
    z = z + torch.conv_tbc(x.reshape(5, 8, 3), w.reshape(4, 3, 4)[:2], w.reshape(-1)[:4], 1).pow(2.0).sum()
    g = w.reshape(4, -1)[:, :1].reshape(4, 1, 1, 1)
    z = z + torch._weight_norm(w, g, 0).pow(2.0).sum() + torch._weight_norm(w, w[:1, :, :1, :1].reshape(1, 3, 1, 1), 1).sum()
    z = z + torch.norm_except_dim(w, 2, 3).sum()
    mask = (torch.arange(2 * 3 * 5 * 4).reshape(2, 3, 5, 4) % 3) == 0
    z = z + (torch._masked_softmax(x, mask, 3, 2) * x).sum()
    a = x.reshape(6, 20)[:, :4]
    z = z + torch._trilinear(a, w.reshape(4, 12)[:, :4].reshape(1, 4, 4).expand(3, 4, 4), a[:, :4], [1, 3], [0], [1, 2], [2, 3]).pow(2.0).sum()
    q = x.reshape(2, 3, 5, 4)
    k = w.reshape(2, 3, 2, 4)
    out, attn = torch.ops.aten._scaled_dot_product_attention(q, k, k * 0.5, None, 0.0, True, False)
    z = z + out.pow(2.0).sum() + attn.sin().sum()
    out2, attn2 = torch.ops.aten._scaled_dot_product_attention(q, q, q, None, 0.0, False, True)
    z = z + out2.sum()
    ls, buf = torch.ops.aten.log_sigmoid_forward(x)
    z = z + ls.sum()
    pooled, idx = torch.nn.functional.max_pool2d(x, 2, return_indices=True)
    z = z + torch.nn.functional.max_unpool2d(pooled * 2.0, idx, 2, output_size=[5, 4]).pow(2.0).sum()
    return torch.autograd.grad([z], [x, w])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
