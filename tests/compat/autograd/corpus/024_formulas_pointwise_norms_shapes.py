def fn():
    F = torch.nn.functional
    x = torch.sin(torch.arange(24, dtype=torch.float64).reshape(2, 3, 4) * 0.7 + 0.3).requires_grad_()
    y = torch.cos(torch.arange(24, dtype=torch.float64).reshape(2, 3, 4) * 0.5 + 0.1).requires_grad_()
    z = x.prod() + x.prod(1).sum() + x.cumprod(2).sum() + x.repeat(2, 1, 3).pow(2.0).sum() + torch.atan2(x, y).sum()
    z = z + torch.lerp(x, y, 0.3).pow(2.0).sum() + torch.lerp(x, y, y).sum() + torch.addcmul(x, x, y, value=0.5).sum() + torch.addcdiv(x, x, y + 2.0, value=0.5).sum()
    z = z + x.norm().sum() + torch.linalg.vector_norm(x, 3.0, [1]).sum() + x.norm(1).sum() + torch.linalg.vector_norm(x, float('inf'), [2]).sum()
    z = z + x.roll(1, 2).mul(y).sum() + x.unfold(2, 2, 1).pow(2.0).sum() + F.pad(x, [1, 2]).pow(2.0).sum()
    z = z + torch.asin(x * 0.5).sum() + torch.acos(x * 0.5).sum() + torch.atan(x).sum() + torch.sinh(x).sum() + torch.cosh(x).sum() + torch.asinh(x).sum() + torch.atanh(x * 0.5).sum()
    z = z + torch.erfc(x).sum() + torch.exp2(x).sum() + torch.lgamma(x + 2.0).sum() + torch.digamma(x + 2.0).sum() + torch.logit(x * 0.3 + 0.5).sum() + torch.sinc(x).sum()
    z = z + torch.hypot(x, y).sum() + torch.logaddexp(x, y).sum() + F.celu(x).sum() + F.selu(x).sum() + F.mish(x).sum() + F.hardswish(x * 4.0).sum() + F.hardsigmoid(x * 4.0).sum()
    z = z + F.glu(x, 1 - 2).sum() + F.hardshrink(x, 0.3).sum() + F.softshrink(x, 0.3).sum() + F.threshold(x, 0.1, 2.0).sum()
    z = z + x.tril().sum() * 0.5 + x[0].triu(1).pow(2.0).sum() + x[0].diagonal().pow(2.0).sum() + torch.trace(x[0, :, :3]) + torch.outer(x[0, 0], y[0, 0]).pow(2.0).sum()
    z = z + torch.movedim(x, 0, 2).mul(torch.movedim(y, 0, 2)).sum() + torch.rot90(x, 1, [1, 2]).pow(2.0).sum()
    return torch.autograd.grad([z], [x, y])


# AREA: "tensors"
# MODE: "cu"
# ENTRY: "fn"
# INPUTS: []
# EXPECT: "run"
