// Derivative formulas (src/runtime/autograd/derivatives_source.cpp) checked against finite
// differences in float64, as torch.autograd.gradcheck / gradgradcheck do: each case is a
// TorchScript function compiled by the frontend, differentiated by ember's engine, and compared
// with central differences of the function itself (first order) and of its gradient (second
// order, through create_graph). PyTorch's own gradients are compared in tests/compat/autograd.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ember/api/compilation_unit.h"
#include "ember/runtime/autograd.h"
#include "ember/runtime/grad_mode.h"
#include "ember/tensor.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

struct Case {
  const char* name;
  const char* source;  // def f(...) -> Tensor
  std::vector<std::vector<int64_t>> shapes;
  bool positive = false;     // inputs in (0.5, 2.5) instead of (-1, 1)
  bool secondOrder = true;  // also gradgradcheck (on for every case: piecewise linear ones check zeros)
};

const Case kCases[] = {
    {"arith_broadcast", "def f(x: Tensor, y: Tensor) -> Tensor:\n  return x * y / (y + 3.0) - x.pow(2.0) + 2.0 - x + y * 0.5 - (1.0 - x)\n", {{2, 3}, {3}}},
    {"div_pow_tensor", "def f(x: Tensor, y: Tensor) -> Tensor:\n  return x / y + x ** y + torch.rsub(y, 2.0) + 1.5 / x\n", {{2, 3}, {2, 3}}, true},
    {"pow_scalar_base", "def f(x: Tensor) -> Tensor:\n  return torch.pow(2.0, x) + x.pow(-1.5)\n", {{4}}, true},
    {"exp_log", "def f(x: Tensor) -> Tensor:\n  return torch.exp(x) * torch.log(x) + torch.log2(x) + torch.log10(x) + torch.log1p(x) + torch.expm1(x)\n", {{5}}, true},
    {"sqrt_rsqrt_recip", "def f(x: Tensor) -> Tensor:\n  return torch.sqrt(x) + torch.rsqrt(x) + x.reciprocal()\n", {{2, 2}}, true},
    {"trig", "def f(x: Tensor) -> Tensor:\n  return torch.sin(x) * torch.cos(x) + torch.tan(x) + torch.tanh(x) + torch.sigmoid(x) + torch.erf(x)\n", {{6}}},
    {"abs_neg", "def f(x: Tensor) -> Tensor:\n  return x.abs() * 2.0 - x.neg()\n", {{5}}, false, true},
    {"relu_family", "def f(x: Tensor) -> Tensor:\n  return torch.relu(x) + torch.nn.functional.leaky_relu(x, 0.2) + torch.nn.functional.relu6(x * 5.0) + torch.nn.functional.hardtanh(x, -0.4, 0.6)\n", {{7}}, false, true},
    {"smooth_activations", "def f(x: Tensor) -> Tensor:\n  F = torch.nn.functional\n  return F.gelu(x) + F.gelu(x, approximate='tanh') + F.silu(x) + F.softplus(x, 2.0) + F.elu(x, 0.7)\n", {{6}}},
    {"clamp", "def f(x: Tensor) -> Tensor:\n  return torch.clamp(x, -0.5, 0.5) + x.clamp(min=0.1) + x.clamp(max=-0.2) + torch.clamp_min(x, 0.3)\n", {{8}}, false, true},
    {"sum_mean", "def f(x: Tensor) -> Tensor:\n  return x.sum(1) * x.mean([0, 2], True).sum() + x.sum() + x.mean() + x.sum([0, 2]).sum() + x.mean(-1).sum()\n", {{2, 3, 4}}},
    {"amax_max", "def f(x: Tensor) -> Tensor:\n  v, i = x.max(1)\n  m, j = x.min(0, True)\n  return x.amax(1).sum() + x.amax([0, 2], True).sum() + x.max() + x.min() + v.sum() + m.sum()\n", {{2, 3, 4}}, false, true},
    {"mm_matmul", "def f(a: Tensor, b: Tensor) -> Tensor:\n  return a.mm(b) + a @ b * 2.0\n", {{3, 4}, {4, 2}}},
    {"matmul_batched", "def f(a: Tensor, b: Tensor) -> Tensor:\n  return (a @ b).sum(0)\n", {{2, 3, 4}, {4, 5}}},
    {"matmul_vectors", "def f(a: Tensor, b: Tensor, v: Tensor) -> Tensor:\n  return (a @ v).sum() + (v @ b).sum() + v @ v + a[0].mv(v).sum() + v.dot(v)\n", {{2, 3, 4}, {2, 4, 3}, {4}}},
    {"bmm", "def f(a: Tensor, b: Tensor) -> Tensor:\n  return torch.bmm(a, b)\n", {{2, 3, 4}, {2, 4, 2}}},
    {"linear_addmm", "def f(x: Tensor, w: Tensor, b: Tensor) -> Tensor:\n  return torch.nn.functional.linear(x, w, b).sum(0) + torch.addmm(b, x[0], w.t(), beta=0.5, alpha=1.5).sum(0)\n", {{2, 3, 4}, {5, 4}, {5}}},
    {"views", "def f(x: Tensor) -> Tensor:\n  return x.view(6, 4).t().reshape(-1) * x.permute(2, 0, 1).flatten() + x.transpose(0, 2).contiguous().view(-1) + x.unsqueeze(0).squeeze(0).reshape(-1)\n", {{2, 3, 4}}},
    {"expand_cat_stack", "def f(x: Tensor, y: Tensor) -> Tensor:\n  return torch.cat([x, y.unsqueeze(0).expand(2, 3)], 0).sum(1) + torch.stack([x[0], y], 1).sum(1).sum()\n", {{2, 3}, {3}}},
    {"slicing", "def f(x: Tensor) -> Tensor:\n  return x[:, 1:3, ::2].sum(2).sum(1) * x[1, 2].sum() + x.select(2, -1).sum(1) + x.narrow(2, 1, 2).sum(2).sum(1)\n", {{2, 3, 4}}},
    {"index_gather", "def f(x: Tensor) -> Tensor:\n  idx = torch.tensor([0, 2, 2, 1])\n  return x[:, idx].sum(1) + x.index_select(1, idx).pow(2.0).sum(1) + x.gather(1, idx.reshape(1, 4).expand(2, 4)).sum(1)\n", {{2, 4}}},
    {"unbind_split_chunk", "def f(x: Tensor) -> Tensor:\n  p = x.unbind(1)\n  s = x.split(2, 1)\n  c = x.chunk(2, 0)\n  return p[0] * p[2] + s[1].sum(1) + c[1].sum(0).sum()\n", {{4, 3}}},
    {"where_masked", "def f(x: Tensor, y: Tensor) -> Tensor:\n  return torch.where(x > 0.1, x * 2.0, y) + x.masked_fill(x < -0.3, 0.5) + torch.maximum(x, y) + torch.minimum(x, y * 0.5)\n", {{2, 3}, {3}}, false, true},
    {"softmax", "def f(x: Tensor) -> Tensor:\n  return torch.softmax(x, 1) * torch.log_softmax(x, 0)\n", {{3, 4}}},
    {"cross_entropy", "def f(x: Tensor, p: Tensor) -> Tensor:\n  F = torch.nn.functional\n  t = torch.tensor([1, 0, 3])\n  w = torch.tensor([1.0, 2.0, 0.5, 1.5], dtype=torch.float64)\n  return F.cross_entropy(x, t) + F.cross_entropy(x, t, weight=w, reduction='sum') + F.cross_entropy(x, torch.softmax(p, 1)) + F.cross_entropy(x, torch.tensor([1, -100, 2]), reduction='none').sum()\n", {{3, 4}, {3, 4}}},
    {"nll_mse", "def f(x: Tensor, y: Tensor) -> Tensor:\n  F = torch.nn.functional\n  t = torch.tensor([1, 0, 3])\n  return F.nll_loss(F.log_softmax(x, 1), t) + F.mse_loss(x, y) + F.mse_loss(x, y, reduction='sum')\n", {{3, 4}, {3, 4}}},
    {"conv2d", "def f(x: Tensor, w: Tensor, b: Tensor) -> Tensor:\n  return torch.nn.functional.conv2d(x, w, b, stride=2, padding=1)\n", {{1, 2, 5, 4}, {3, 2, 3, 2}, {3}}},
    {"conv2d_groups_dilation", "def f(x: Tensor, w: Tensor) -> Tensor:\n  return torch.nn.functional.conv2d(x, w, None, stride=(1, 2), padding=(1, 0), dilation=(2, 1), groups=2)\n", {{1, 4, 5, 5}, {2, 2, 2, 2}}},
    {"max_pool2d", "def f(x: Tensor) -> Tensor:\n  return torch.nn.functional.max_pool2d(x, 2) + torch.nn.functional.max_pool2d(x, 3, 2, 1)\n", {{1, 2, 4, 4}}, false, true},
    {"layer_norm", "def f(x: Tensor, g: Tensor, b: Tensor) -> Tensor:\n  return torch.nn.functional.layer_norm(x, [4], g, b) * torch.cos(x) + torch.nn.functional.layer_norm(x, [3, 4])\n", {{2, 3, 4}, {4}, {4}}},
    {"batch_norm", "def f(x: Tensor, w: Tensor, b: Tensor) -> Tensor:\n  F = torch.nn.functional\n  return F.batch_norm(x, None, None, w, b, True) * torch.sin(x) + F.batch_norm(x, torch.full([3], 0.2, dtype=torch.float64), torch.full([3], 1.5, dtype=torch.float64), w, b, False)\n", {{2, 3, 2, 2}, {3}, {3}}},
    {"embedding", "def f(w: Tensor) -> Tensor:\n  idx = torch.tensor([[0, 2, 3], [2, 2, 1]])\n  return torch.nn.functional.embedding(idx, w) * 2.0 + torch.nn.functional.embedding(idx, w).pow(2.0)\n", {{4, 3}}},
    {"reductions_more", "def f(x: Tensor) -> Tensor:\n  return x.logsumexp([0, 2]).sum() + x.var() + x.var([1], False, True).sum() + x.std(-1).sum() + x.cumsum(1).pow(2.0).sum() + x.square().sum() + torch.nn.functional.logsigmoid(x).sum()\n", {{2, 3, 4}}},
    {"adaptive_avg_pool2d", "def f(x: Tensor) -> Tensor:\n  return torch.nn.functional.adaptive_avg_pool2d(x, [3, 2]).pow(2.0).sum() + torch.nn.functional.adaptive_avg_pool2d(x, 1).sum()\n", {{1, 2, 7, 5}}},
    {"prod_cumprod", "def f(x: Tensor) -> Tensor:\n  return x.prod(1) + x.prod() + x.cumprod(1).sum(1) + torch.cat([x, x * 0.0], 1).cumprod(1).sum(1) + torch.cat([x[:, :1] * 0.0, x], 1).prod(1)\n", {{2, 3}}},
    {"repeat_tile_roll_unfold", "def f(x: Tensor) -> Tensor:\n  return x.repeat(2, 1, 3).pow(2.0).sum() + x.tile([2]).sin().sum() + (x.roll(1, 2) * x).sum() + (x.roll([1, -1], [0, 1]) * x).sum() + x.unfold(2, 2, 1).pow(2.0).sum() + torch.rot90(x, 1, [1, 2]).pow(3.0).sum()\n", {{2, 3, 4}}},
    {"index_put_scatter", "def f(x: Tensor, v: Tensor) -> Tensor:\n  a = x.index_put([torch.tensor([0, 1]), torch.tensor([2, 0])], v[:2])\n  b = x.index_put([torch.tensor([1, 1])], v.unsqueeze(0).expand(2, 3), True)\n  c = x.scatter(1, torch.tensor([[0, 2], [1, 0]]), v.reshape(1, 3).expand(2, 3)[:, :2] * x[:, :2])\n  d = x.index_fill(1, torch.tensor([1]), v[0]) + x.index_copy(0, torch.tensor([1]), v.unsqueeze(0)) + x.masked_scatter(x > 0, v.repeat(2) * 2.0)\n  return (a * b).sum(0) + c.pow(2.0).sum(0) + d.sin().sum(0) + x.masked_select(x < 0.3).pow(2.0).sum()\n", {{2, 3}, {3}}},
    {"conv_nd", "def f(x: Tensor, w: Tensor, b: Tensor) -> Tensor:\n  F = torch.nn.functional\n  return F.conv1d(x, w, b, 2, 1, 1, 2).pow(2.0).sum(2) + F.conv_transpose1d(x, w.transpose(0, 1).reshape(4, 2, 2)[:, :1], None, 2, 1, 1, 2).sin().sum(2).sum(1, True)\n", {{1, 4, 5}, {4, 2, 2}, {4}}},
    {"conv3d_transpose2d", "def f(x: Tensor, w: Tensor) -> Tensor:\n  F = torch.nn.functional\n  return F.conv3d(x, w, None, 1, [1, 0, 0]).pow(2.0).sum() + F.conv_transpose2d(x[0].transpose(0, 1), w[:, :, 0], None, [2, 1], [0, 1], [1, 0]).pow(2.0).sum()\n", {{1, 2, 3, 3, 2}, {2, 2, 2, 2, 2}}},
    {"avg_pools", "def f(x: Tensor) -> Tensor:\n  F = torch.nn.functional\n  return F.avg_pool2d(x, 2).pow(2.0).sum() + F.avg_pool2d(x, 3, 2, 1, True, False).pow(2.0).sum() + F.avg_pool1d(x[0], 2, 1).pow(2.0).sum() + F.adaptive_avg_pool1d(x[0], 3).pow(2.0).sum() + F.avg_pool3d(x, [1, 2, 2], divisor_override=3).pow(2.0).sum()\n", {{1, 2, 5, 4}}},
    {"max_pools_sort", "def f(x: Tensor) -> Tensor:\n  F = torch.nn.functional\n  s, i = x.sort(-1)\n  t, j = x.topk(2, 1)\n  return F.max_pool1d(x[0], 2).pow(2.0).sum() + F.adaptive_max_pool2d(x, [2, 2]).pow(2.0).sum() + F.max_pool3d(x, [1, 2, 2]).pow(2.0).sum() + (s * s.cos()).sum() + t.pow(3.0).sum() + x.median() + x.kthvalue(2, 2)[0].pow(2.0).sum()\n", {{1, 2, 5, 4}}, false, true},
    {"pads", "def f(x: Tensor) -> Tensor:\n  F = torch.nn.functional\n  return F.pad(x[0], [1, 2], mode='reflect').pow(2.0).sum() + F.pad(x, [2, 1, 1, 0], mode='replicate').pow(3.0).sum() + F.pad(x[0], [1, 1], mode='circular').sin().sum() + F.pad(x, [1, -1, 2, 0], value=0.5).pow(2.0).sum()\n", {{1, 2, 3, 4}}},
    {"losses", "def f(x: Tensor, y: Tensor) -> Tensor:\n  F = torch.nn.functional\n  p = torch.sigmoid(x)\n  t = torch.sigmoid(y)\n  w = torch.tensor([0.5, 1.5, 1.0], dtype=torch.float64)\n  return F.smooth_l1_loss(x, y, beta=0.5) + F.huber_loss(x, y, delta=0.3) + F.binary_cross_entropy(p, t, w) + F.binary_cross_entropy_with_logits(x, t, w, pos_weight=w * 2.0) + F.cosine_similarity(x, y).sum() + F.pairwise_distance(x, y).sum()\n", {{2, 3}, {2, 3}}},
    {"group_instance_norm", "def f(x: Tensor, w: Tensor, b: Tensor) -> Tensor:\n  F = torch.nn.functional\n  return F.group_norm(x, 2, w, b) * x.cos() + F.instance_norm(x, None, None, w, b) * x.sin()\n", {{2, 4, 3}, {4}, {4}}},
    {"lstm_gru", "def f(x: Tensor, h: Tensor, wi: Tensor, wh: Tensor, b: Tensor) -> Tensor:\n  out, hn, cn = torch.lstm(x, [h, h * 0.5], [wi, wh, b, b * 0.5], True, 1, 0.0, True, False, False)\n  g, gh = torch.gru(x, h, [wi[:6], wh[:6], b[:6], b[2:8]], True, 1, 0.0, True, False, False)\n  return out.sum(0) + hn.sum(0) * cn.sum(0) + g.sum(0).sum(0) + gh.sum(0).sum(0)\n", {{2, 1, 2}, {1, 1, 2}, {8, 2}, {8, 2}, {8}}},
    {"norms", "def f(x: Tensor) -> Tensor:\n  return x.norm() + torch.linalg.vector_norm(x, 3.0, [1]).sum() + x.norm(1.5, 0).sum() + torch.frobenius_norm(x, [0]).sum() + torch.dist(x, x.flip([0]), 4.0)\n", {{2, 3}}},
    {"binary_pointwise", "def f(x: Tensor, y: Tensor) -> Tensor:\n  return torch.atan2(x, y) + torch.lerp(x, y, 0.3) + torch.lerp(x, y, x.sigmoid()) + torch.addcmul(x, x, y, value=0.5) + torch.addcdiv(x, x, y + 3.0, value=0.5) + torch.hypot(x, y) + torch.logaddexp(x, y) + torch.xlogy(x, y + 2.0)\n", {{2, 3}, {3}}},
    {"trig_special", "def f(x: Tensor) -> Tensor:\n  return torch.asin(x * 0.5) + torch.acos(x * 0.5) + torch.atan(x) + torch.sinh(x) + torch.cosh(x) + torch.asinh(x) + torch.atanh(x * 0.5) + torch.erfc(x) + torch.exp2(x) + torch.lgamma(x + 2.0) + torch.digamma(x + 2.0) + torch.logit(x * 0.3 + 0.5) + torch.sinc(x) + torch.erfinv(x * 0.5)\n", {{6}}},
    {"activations_more", "def f(x: Tensor, w: Tensor) -> Tensor:\n  F = torch.nn.functional\n  return (F.celu(x, 0.7) + F.selu(x) + F.mish(x) + F.glu(torch.cat([x, x.cos()], 1), 1) + F.prelu(x, w)).sum(1) + F.hardswish(x * 4.0).sum(1)\n", {{2, 3, 2}, {3}}},
    {"matmul_more", "def f(a: Tensor, b: Tensor, v: Tensor) -> Tensor:\n  return torch.addmv(v[:3], a[0], v[:4], beta=0.5, alpha=2.0).sum() + torch.baddbmm(a, a, b, beta=0.5).sum() + torch.addbmm(a[0], a, b).sum() + torch.outer(v, v).pow(2.0).sum() + a[0].tril().pow(2.0).sum() + a[1].diagonal(1).pow(2.0).sum() + torch.trace(a[0]) + torch.movedim(a, 0, 2).pow(3.0).sum()\n", {{2, 3, 4}, {2, 4, 4}, {4}}},
    {"upsample", "def f(x: Tensor) -> Tensor:\n  F = torch.nn.functional\n  return F.interpolate(x, size=[5, 3]).pow(2.0).sum() + F.interpolate(x, size=[5, 4], mode='bilinear').pow(2.0).sum() + F.interpolate(x, scale_factor=1.5, mode='bilinear', align_corners=True).pow(2.0).sum() + F.interpolate(x[0], size=5, mode='linear').pow(2.0).sum()\n", {{1, 2, 3, 2}}},
    {"kron_cdist_logcumsumexp", "def f(x: Tensor, y: Tensor) -> Tensor:\n  return torch.kron(x, y).pow(2.0).sum() + torch.cdist(x, y).sum() + torch.logcumsumexp(x, 1).pow(2.0).sum() + x.repeat_interleave(2, 0).sin().sum() + torch.fmax(x, y[0]).pow(2.0).sum()\n", {{2, 3}, {2, 3}}},
    {"view_writes", "def f(x: Tensor, v: Tensor) -> Tensor:\n  y = x * 1.0\n  y[1].mul_(v)\n  y[:, 0] = v[:2].sin()\n  a = y[0]\n  y.mul_(1.5)\n  return (y * y.cos()).sum() + a.pow(3.0).sum() + torch.as_strided(x.contiguous(), [2, 2], [1, 2], 1).pow(2.0).sum()\n", {{2, 3}, {3}}},
    {"linalg_inverse_det_solve", "def f(a: Tensor, b: Tensor) -> Tensor:\n  m = a + torch.eye(3, dtype=torch.float64) * 3.0\n  return torch.inverse(m).sum() + torch.det(m) + torch.logdet(m) + torch.linalg.solve(m, b).pow(2.0).sum() + torch.matrix_power(m, 3).sum() * 0.01\n", {{3, 3}, {3, 2}}},
    {"einsum", "def f(a: Tensor, b: Tensor) -> Tensor:\n  return torch.einsum('bij,bjk->bik', a, b).pow(2.0).sum() + torch.einsum('bij->j', a).pow(2.0).sum() + torch.einsum('bij,bjk', a, b.sin()).sum()\n", {{2, 2, 3}, {2, 3, 2}}},
    {"linalg_cholesky", "def f(a: Tensor) -> Tensor:\n  m = a @ a.mT + torch.eye(3, dtype=torch.float64) * 3.0\n  return torch.linalg.cholesky(m) + torch.cholesky(m, True).mT.sin() + torch.linalg.cholesky(m, upper=True).pow(2.0)\n", {{3, 3}}},
    {"linalg_cholesky_solve_inverse", "def f(a: Tensor, b: Tensor) -> Tensor:\n  m = a @ a.mT + torch.eye(3, dtype=torch.float64) * 3.0\n  l = torch.linalg.cholesky(m)\n  u = torch.linalg.cholesky(m, upper=True)\n  return torch.cat([torch.cholesky_solve(b, l).flatten(), torch.cholesky_solve(b, u, True).sin().flatten(), torch.cholesky_inverse(l).flatten(), torch.cholesky_inverse(u, True).pow(2.0).flatten()])\n", {{3, 3}, {3, 2}}},
    {"linalg_solve_triangular", "def f(a: Tensor, b: Tensor) -> Tensor:\n  t = a + torch.eye(3, dtype=torch.float64) * 3.0\n  x1 = torch.linalg.solve_triangular(t, b, upper=True)\n  x2 = torch.linalg.solve_triangular(t, b.mT, upper=False, left=False)\n  x3 = torch.linalg.solve_triangular(t, b, upper=True, unitriangular=True)\n  x4 = torch.triangular_solve(b, t)[0]\n  x5, c = torch.triangular_solve(b, t, False, True, False)\n  return torch.cat([x1.flatten(), x2.flatten(), x3.flatten(), x4.sin().flatten(), x5.flatten(), c.pow(2.0).flatten()])\n", {{3, 3}, {3, 2}}},
    {"linalg_qr", "def f(a: Tensor) -> Tensor:\n  a = a + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  q, r = torch.linalg.qr(a)\n  q2, r2 = torch.linalg.qr(a.mT)\n  q3, r3 = torch.qr(a[:3])\n  q4, r4 = torch.linalg.qr(a[:3], 'complete')\n  return torch.cat([q.flatten(), r.flatten(), q2.sin().flatten(), r2.flatten(), q3.flatten(), r3.pow(2.0).flatten(), q4.flatten()])\n", {{4, 3}}},
    {"linalg_eigh", "def f(a: Tensor) -> Tensor:\n  m = a + a.mT\n  l, v = torch.linalg.eigh(m)\n  l2, v2 = torch.linalg.eigh(a.triu() + a.triu(1).mT, 'U')\n  e, w = torch.symeig(m, True)\n  return torch.cat([l, v.flatten(), l2.sin(), v2.flatten(), torch.linalg.eigvalsh(m).pow(2.0), e, w.flatten(), torch.symeig(m)[0].cos()])\n", {{3, 3}}},
    {"linalg_svd", "def f(a: Tensor) -> Tensor:\n  a = a + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  u, s, vh = torch.linalg.svd(a, False)\n  u2, s2, vh2 = torch.linalg.svd(a.mT)\n  u3, s3, v3 = torch.svd(a)\n  return torch.cat([u.flatten(), s, vh.flatten(), u2[:, :3].flatten(), s2.sin(), vh2[:3].sin().flatten(), u3.flatten(), v3.flatten(), torch.linalg.svdvals(a).pow(2.0), torch.svd(a, True, False)[1]])\n", {{4, 3}}},
    {"linalg_pinv_lstsq", "def f(a: Tensor, b: Tensor) -> Tensor:\n  a = a + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  x = torch.linalg.lstsq(a, b).solution\n  return torch.cat([torch.linalg.pinv(a).flatten(), torch.pinverse(a.mT).sin().flatten(), torch.linalg.pinv(a[:3] + torch.eye(3, dtype=torch.float64) * 2.0).flatten(), x.flatten(), torch.linalg.lstsq(a, b[:, 0]).solution])\n", {{4, 3}, {4, 2}}},
    {"linalg_matrix_exp", "def f(a: Tensor) -> Tensor:\n  return torch.linalg.matrix_exp(a) + torch.matrix_exp(a * 0.5).sin()\n", {{3, 3}}},
    {"linalg_lu", "def f(a: Tensor, b: Tensor) -> Tensor:\n  m = a + torch.eye(3, dtype=torch.float64) * 0.5\n  p, l, u = torch.linalg.lu(m)\n  lu, piv = torch.linalg.lu_factor(m)\n  p2, l2, u2 = torch.lu_unpack(lu, piv)\n  x1 = torch.linalg.lu_solve(lu, piv, b)\n  x2 = torch.linalg.lu_solve(lu, piv, b, adjoint=True)\n  x3 = torch.linalg.lu_solve(lu, piv, b.mT, left=False)\n  x4 = torch.lu_solve(b, lu, piv)\n  return torch.cat([l.flatten(), u.flatten(), lu.sin().flatten(), l2.pow(2.0).flatten(), u2.flatten(), x1.flatten(), x2.flatten(), x3.flatten(), x4.cos().flatten()])\n", {{3, 3}, {3, 2}}},
    {"fft_complex", "def f(x: Tensor, y: Tensor) -> Tensor:\n  z = torch.complex(x, y)\n  r = torch.view_as_real\n  return torch.cat([r(torch.fft.fft(z, 5)).flatten(), torch.fft.irfft(z, 6).flatten(), r(torch.fft.rfft(x, norm='ortho')).flatten(), torch.fft.hfft(z).flatten(), r(torch.fft.ihfft(y, 3)).flatten(), r(torch.fft.ifftn(z, dim=[0, 1], norm='forward')).flatten(), torch.fft.irfftn(z, [3, 4]).flatten(), torch.fft.fftshift(x).flatten(), torch.angle(z).flatten(), torch.polar(x.exp(), y).imag.flatten(), r(torch.conj(z)).flatten(), torch.fft.fft(z).abs().flatten()])\n", {{2, 4}, {2, 4}}},
    {"special_functions", "def f(x: Tensor, y: Tensor) -> Tensor:\n  S = torch.special\n  return torch.cat([torch.i0(x), S.i0e(x - 1.0), S.i1(x - 1.0), S.i1e(x - 1.2), S.erfcx(x - 1.0), S.ndtr(x - 1.0), S.ndtri(x * 0.3), S.log_ndtr(x - 2.0), S.xlog1py(x, y), S.xlog1py(x, 0.5), S.xlog1py(2.0, y), torch.xlogy(x, 1.5), torch.xlogy(0.7, y), S.entr(x), S.zeta(3.0, y + 1.0), S.gammainc(torch.full_like(y, 1.3), y), S.gammaincc(torch.full_like(y, 0.7), y), torch.mvlgamma(x + 1.0, 3), S.polygamma(1, x), torch.copysign(x, y - 1.5), torch.copysign(x, -1.0), torch.ldexp(x, y)])\n", {{5}, {5}}, true},
    {"scatter_reduce", "def f(x: Tensor, s: Tensor) -> Tensor:\n  i = torch.tensor([[0, 2, 0, 1], [1, 1, 3, 1]])\n  out = [x.scatter_reduce(1, i, s, 'sum').flatten(), x.scatter_reduce(1, i, s, 'sum', include_self=False).flatten()]\n  for r in ['mean', 'prod', 'amax', 'amin']:\n    out.append(x.scatter_reduce(1, i, s, r).flatten())\n    out.append(x.scatter_reduce(1, i, s, r, include_self=False).flatten())\n  j = torch.tensor([0, 2, 0])\n  for r in ['mean', 'prod', 'amax', 'amin']:\n    out.append(x.index_reduce(1, j, s[:, :3], r).flatten())\n    out.append(x.index_reduce(0, torch.tensor([1, 1]), s, r, include_self=False).flatten())\n  out.append(x.put(torch.tensor([0, 5, 3]), s[0, :3]).flatten())\n  out.append(x.put(torch.tensor([0, 5, 0]), s[1, :3], True).flatten())\n  return torch.cat(out)\n", {{2, 4}, {2, 4}}, true},
    {"matrix_norms_renorm", "def f(a: Tensor) -> Tensor:\n  L = torch.linalg\n  m = a + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  sq = m[:3] + torch.eye(3, dtype=torch.float64)\n  return torch.stack([L.matrix_norm(m), L.matrix_norm(m, 'nuc'), L.matrix_norm(m, 2), L.matrix_norm(m, -2), L.matrix_norm(m, 1), L.matrix_norm(m, -1), L.matrix_norm(m, float('inf')), L.matrix_norm(m, -float('inf')), L.norm(m), L.norm(m, 2), L.norm(m, 'fro'), L.norm(m[0], 3.0), L.norm(m, 1.5, [1]).sum(), torch.nuclear_norm(m), torch.nuclear_norm(m, [1, 0]), L.cond(sq), L.cond(sq, 1), L.cond(sq, 'fro'), L.matrix_norm(m.unsqueeze(0).expand(2, 4, 3) * 2.0, 2, [0, 2], True).sum(), torch.renorm(m, 2.0, 0, 1.2).pow(2.0).sum(), torch.renorm(m, 1.0, 1, 3.0).sin().sum()])\n", {{4, 3}}},
    {"embedding_bag_bicubic", "def f(w: Tensor, p: Tensor) -> Tensor:\n  F = torch.nn.functional\n  i = torch.tensor([0, 2, 1, 2, 3])\n  o = torch.tensor([0, 2, 2])\n  x = w.reshape(1, 2, 2, 3)\n  return torch.cat([F.embedding_bag(i, w, o, mode='sum', per_sample_weights=p).flatten(), F.embedding_bag(i, w, o, mode='mean', padding_idx=2).flatten(), F.embedding_bag(i, w, o, mode='max').flatten(), F.interpolate(x, size=[3, 5], mode='bicubic').flatten(), F.interpolate(x, scale_factor=1.5, mode='bicubic', align_corners=True).flatten(), F.interpolate(x, size=[3, 4], mode='nearest-exact').flatten()])\n", {{4, 3}, {5}}},
    {"composites_more", "def f(x: Tensor, y: Tensor) -> Tensor:\n  sq = x[:, :3] + torch.eye(3, dtype=torch.float64) * 2.0\n  return torch.cat([torch.segment_reduce(x, 'sum', lengths=torch.tensor([1, 2])).flatten(), torch.segment_reduce(x, 'mean', lengths=torch.tensor([2, 1])).flatten(), torch.segment_reduce(x, 'max', lengths=torch.tensor([2, 1])).flatten(), torch.segment_reduce(x, 'prod', offsets=torch.tensor([0, 1, 3]), initial=2.0).flatten(), torch.pdist(x), torch.pdist(x, 1.5), torch.addr(x, y[:, 0], y[0], beta=0.5, alpha=2.0).flatten(), torch.msort(x).flatten(), torch.frexp(x * 7.0)[0].flatten(), torch.hsplit(x, 2)[1].flatten(), torch.tensor_split(x, torch.tensor([1, 3]), 1)[1].flatten(), torch.cov(x).flatten(), torch.cov(x, correction=0, fweights=torch.tensor([1, 2, 1, 3]), aweights=y[0].abs() + 0.5).flatten(), torch.corrcoef(x).flatten(), torch.trapezoid(x, y, dim=1), torch.cumulative_trapezoid(x, dx=0.3, dim=0).flatten(), torch.meshgrid([x[0], y[0, :3]], indexing='xy')[0].flatten(), torch.cartesian_prod(x[0], y[0, :2]).flatten(), torch.combinations(x[0], 2).flatten(), torch.linalg.vander(x[0]).flatten(), torch.linalg.tensorsolve(sq, y[0, :3]), torch.native_layer_norm(x, [4], y[0], y[1], 1e-5)[0].flatten(), torch.native_batch_norm(x, y[0], y[1], None, None, True, 0.1, 1e-5)[0].flatten()])\n", {{3, 4}, {3, 4}}},
    {"internal_forms", "def f(x: Tensor, y: Tensor) -> Tensor:\n  t = torch.tensor([1, 0, 3])\n  return torch.cat([torch.nll_loss_forward(torch.log_softmax(x, 1), t, None, 1, -100)[0].reshape([1]), torch.native_dropout(x, 0.3, False)[0].flatten(), torch.view_as_real(torch.sgn(torch.complex(x, y))).flatten(), torch._adaptive_avg_pool3d(x.reshape(1, 1, 3, 2, 2), [2, 1, 2]).flatten(), torch._embedding_bag(x, torch.tensor([0, 2, 1, 2]), torch.tensor([0, 1]), False, 1, False, None, False, 2)[0].flatten(), torch.native_channel_shuffle(x.reshape(1, 4, 3), 2).flatten()])\n", {{3, 4}, {3, 4}}},
    {"complex_mul_div_fft_conv", "def f(x: Tensor, y: Tensor) -> Tensor:\n  z = torch.complex(x, y)\n  w = torch.complex(y.sin(), x + 2.0)\n  r = torch.view_as_real\n  return torch.cat([torch.fft.irfft(torch.fft.rfft(x) * torch.fft.rfft(y), 4).flatten(), r(z * w).flatten(), r(z / w).flatten(), r(z * y).flatten(), r(x / w).flatten()])\n", {{2, 4}, {2, 4}}},
    {"stft", "def f(x: Tensor, w: Tensor) -> Tensor:\n  r = torch.view_as_real\n  return torch.cat([r(torch.stft(x, 4, 2, return_complex=True)).flatten(), r(torch.stft(x, 4, 1, 3, w, center=False, normalized=True, return_complex=True)).flatten(), r(torch.stft(x, 6, window=w.repeat(2), onesided=False, pad_mode='constant', return_complex=True)).flatten()])\n", {{10}, {3}}},
    {"quantile", "def f(x: Tensor, y: Tensor) -> Tensor:\n  q = torch.tensor([0.25, 0.5, 0.9], dtype=torch.float64)\n  return torch.cat([torch.quantile(x, 0.3).reshape([1]), torch.quantile(x, torch.sigmoid(y[0, :2]) * 0.8, 1, True).flatten(), torch.quantile(x, q, 0, interpolation='lower').flatten(), torch.quantile(x, 0.4, 1, interpolation='higher'), torch.quantile(x, 0.45, None, True, interpolation='midpoint').flatten(), torch.nanquantile(x, q, 1).flatten()])\n", {{3, 4}, {3, 4}}},
    {"istft", "def f(x: Tensor, y: Tensor) -> Tensor:\n  z = torch.complex(x, y)\n  h = torch.hann_window(4, dtype=torch.float64) + 0.1\n  return torch.cat([torch.istft(z, 4, 1, window=h), torch.istft(z[:, :3], 4, 1, window=h, length=7), torch.istft(z, 4, 2, window=torch.ones(4, dtype=torch.float64), center=False, normalized=True)])\n", {{3, 4}, {3, 4}}},
    // Complex128: the functions build complex tensors from real inputs and return their real
    // views, so the finite differences run along the real and the imaginary parts, as gradcheck
    // does for complex inputs (PyTorch's convention: the gradient is dL/dx + i dL/dy).
    {"complex_matmul_family", "def f(x: Tensor, y: Tensor) -> Tensor:\n  A = torch.complex(x[0], x[1])\n  B = torch.complex(y[0], y[1])\n  r = torch.view_as_real\n  v = B[:, 0]\n  C = A @ B\n  return torch.cat([r(A.mm(B)).flatten(), r(C).flatten(), r(A.unsqueeze(0).expand(2, 3, 4) @ B).flatten(), r(torch.bmm(A.unsqueeze(0), B.unsqueeze(0))).flatten(), r(A.mv(v)).flatten(), r(v @ B).flatten(), r(A @ v).flatten(), r(v @ A[0]).flatten(), r(torch.dot(A[0], v)).flatten(), r(torch.vdot(A[0], v)).flatten(), r(torch.addmm(A[:, :3], A, B, beta=0.5, alpha=1.5)).flatten(), r(torch.nn.functional.linear(A, B.t(), B[0])).flatten(), r(torch.einsum('ij,jk->ik', A, B)).flatten(), r(torch.outer(A[0], v)).flatten(), r(torch.addmv(A[:, 0], A, v)).flatten(), r(torch.baddbmm(C.unsqueeze(0), A.unsqueeze(0), B.unsqueeze(0), beta=0.5)).flatten(), r(A.mH @ A).flatten(), r(torch.matmul(A.unsqueeze(0), B.unsqueeze(0).expand(2, 4, 3))).flatten()])\n", {{2, 3, 4}, {2, 4, 3}}},
    {"complex_pointwise", "def f(x: Tensor, y: Tensor) -> Tensor:\n  z = torch.complex(x, y)\n  w = torch.complex(y, x * 0.5)\n  r = torch.view_as_real\n  return torch.cat([r(z.exp()), r(z.log()), r(z.sqrt()), r(z.reciprocal()), r(z.rsqrt()), r(z.sin()), r(z.cos()), r(z.tan() * 0.1), r(z.tanh()), r(z.sigmoid()), r(z.sinh()), r(z.cosh()), r(z.pow(2.5)), r(z.pow(3.0)), r(z ** y), r(z ** w), r(torch.pow(2.0, z)), r(z.log2()), r(z.log10()), r(z.log1p()), r(z.expm1()), r(z.square()), r(torch.addcmul(z, z, w, value=0.5)), r(torch.addcdiv(z, z, w, value=0.5))]).flatten()\n", {{3}, {3}}, true},
    {"complex_inverse_trig", "def f(x: Tensor, y: Tensor) -> Tensor:\n  z = torch.complex(x * 0.5, y * 0.5)\n  r = torch.view_as_real\n  return torch.cat([r(z.asin()), r(z.acos()), r(z.atan()), r(z.asinh()), r((z + 2.0).acosh()), r(z.atanh())]).flatten()\n", {{4}, {4}}},
    {"complex_sum_mean_prod", "def f(x: Tensor, y: Tensor) -> Tensor:\n  z = torch.complex(x, y)\n  r = torch.view_as_real\n  return torch.cat([r(z.sum(0)).flatten(), r(z.sum()), r(z.mean()), r(z.mean(1)).flatten(), r(z.prod(1)).flatten(), r(z.prod()), r(z.cumprod(1)).flatten(), r(torch.cat([z, z * 0.0], 1).cumprod(1)).flatten()])\n", {{2, 3}, {2, 3}}},
    {"complex_abs_angle", "def f(x: Tensor, y: Tensor) -> Tensor:\n  z = torch.complex(x, y)\n  return torch.cat([z.abs().flatten(), z.angle().flatten()])\n", {{2, 3}, {2, 3}}},
    {"complex_real_mixed", "def f(x: Tensor, y: Tensor) -> Tensor:\n  z = torch.complex(x, y)\n  r = torch.view_as_real\n  return torch.cat([r(z * x).flatten(), r(z.conj() * z).flatten(), r(x / z).flatten()])\n", {{2, 3}, {2, 3}}},
    {"complex_inverse_det_solve", "def f(x: Tensor, y: Tensor) -> Tensor:\n  m = torch.complex(x, y) + torch.eye(3, dtype=torch.float64) * 3.0\n  b = torch.complex(y, x)\n  r = torch.view_as_real\n  return torch.cat([r(torch.inverse(m)).flatten(), r(torch.linalg.inv(m)).flatten(), r(torch.det(m)), r(torch.linalg.det(m)), r(torch.linalg.solve(m, b)).flatten(), r(torch.linalg.solve(m, b[:, 0])).flatten()])\n", {{3, 3}, {3, 3}}},
    {"householder_product_ormqr", "def f(a: Tensor, t: Tensor, c: Tensor) -> Tensor:\n  return torch.cat([torch.linalg.householder_product(a, t).flatten(), torch.orgqr(a[:, :2], t[:2]).sin().flatten(), torch.ormqr(a, t, c).flatten(), torch.ormqr(a, t, c, True, True).pow(2.0).flatten(), torch.ormqr(a, t, c.mT, False).flatten(), torch.ormqr(a, t, c.mT, False, True).flatten()])\n", {{4, 3}, {3}, {4, 2}}},
    {"householder_product_complex", "def f(x: Tensor, y: Tensor, t: Tensor) -> Tensor:\n  a = torch.complex(x, y)\n  tau = torch.complex(t, t.cos())\n  r = torch.view_as_real\n  return torch.cat([r(torch.linalg.householder_product(a, tau)).flatten(), r(torch.ormqr(a, tau, a[:, :2].conj(), True, True)).flatten()])\n", {{4, 3}, {4, 3}, {3}}},
    {"linalg_eigh_complex", "def f(x: Tensor, y: Tensor) -> Tensor:\n  a = torch.complex(x, y)\n  m = a + a.mH\n  L, V = torch.linalg.eigh(m)\n  r = torch.view_as_real\n  P = V.unsqueeze(1) * V.conj().unsqueeze(0)\n  return torch.cat([L, r(P).flatten(), torch.linalg.eigvalsh(m).pow(2.0), V.abs().flatten()])\n", {{3, 3}, {3, 3}}},
    // linalg.eig / eigvals: eigenvectors enter only through the phase-invariant projectors
    // v_k v_k^H (PyTorch's gauge: columns of norm 1, free phase). Real input (complex results, a
    // complex-conjugate pair of eigenvalues) and complex input.
    {"linalg_eig_real", "def f(a: Tensor) -> Tensor:\n  m = a + torch.diag(torch.tensor([2.0, -1.0, 0.5], dtype=torch.float64))\n  L, V = torch.linalg.eig(m)\n  r = torch.view_as_real\n  P = V.unsqueeze(1) * V.conj().unsqueeze(0)\n  return torch.cat([r(L).flatten(), r(P).flatten(), r(torch.linalg.eigvals(m)).pow(2.0).flatten(), L.abs()])\n", {{3, 3}}},
    {"linalg_eig_complex", "def f(x: Tensor, y: Tensor) -> Tensor:\n  m = torch.complex(x, y) + torch.diag(torch.tensor([2.0, -1.0, 0.5], dtype=torch.float64))\n  L, V = torch.linalg.eig(m)\n  r = torch.view_as_real\n  P = V.unsqueeze(1) * V.conj().unsqueeze(0)\n  return torch.cat([r(L).flatten(), r(P).flatten(), r(torch.linalg.eigvals(m)).sin().flatten(), (V.abs() * L.abs().unsqueeze(0)).flatten()])\n", {{3, 3}, {3, 3}}},
    {"linalg_lu_nonsquare", "def f(a: Tensor) -> Tensor:\n  a = a + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  P, L, U = torch.linalg.lu(a)\n  P2, L2, U2 = torch.linalg.lu(a.mT)\n  LU, piv = torch.linalg.lu_factor(a)\n  LU2, piv2 = torch.linalg.lu_factor(a.mT)\n  return torch.cat([L.flatten(), U.flatten(), L2.flatten(), U2.sin().flatten(), LU.flatten(), LU2.pow(2.0).flatten(), torch._lu_with_info(a[:3])[0].flatten(), torch._lu_with_info(a)[0].sin().flatten()])\n", {{4, 3}}},
    // Complex decompositions and solvers (derivatives_linalg.cpp): singular vectors, Q and the
    // Cholesky factor enter through the function of the kernel's own results, whose gauge (real
    // diagonals of R and L, the phases of u_i) is fixed, plus gauge-invariant terms.
    {"complex_slogdet_logdet", "def f(x: Tensor, y: Tensor) -> Tensor:\n  m = torch.complex(x, y) + torch.eye(3, dtype=torch.float64) * 3.0\n  r = torch.view_as_real\n  s, la = torch.linalg.slogdet(m)\n  s2, la2 = torch.slogdet(m * 0.5)\n  return torch.cat([la.unsqueeze(0), r(s), la2.sin().unsqueeze(0), r(s2).pow(2.0), r(torch.logdet(m)), r(torch.logdet(m.unsqueeze(0) * 1.5)).flatten()])\n", {{3, 3}, {3, 3}}},
    {"complex_cholesky_family", "def f(x: Tensor, y: Tensor) -> Tensor:\n  a = torch.complex(x, y)\n  A = a.matmul(a.mH) + torch.eye(3, dtype=torch.float64) * 2.0\n  b = torch.complex(y, x.cos())\n  r = torch.view_as_real\n  L = torch.linalg.cholesky(A)\n  U = torch.linalg.cholesky(A, upper=True)\n  return torch.cat([r(L).flatten(), r(U).pow(2.0).flatten(), r(torch.cholesky(A * 1.5)).flatten(), r(torch.linalg.cholesky_ex(A)[0]).sin().flatten(), r(torch.cholesky_solve(b, L)).flatten(), r(torch.cholesky_solve(b, U, True)).flatten(), r(torch.cholesky_inverse(L)).flatten(), r(torch.cholesky_inverse(U, True)).pow(2.0).flatten()])\n", {{3, 3}, {3, 3}}},
    {"complex_triangular_solves", "def f(x: Tensor, y: Tensor) -> Tensor:\n  a = torch.complex(x, y)\n  T = a.tril() + torch.eye(3, dtype=torch.float64) * 2.5\n  b = torch.complex(y, x * 0.5)\n  r = torch.view_as_real\n  return torch.cat([r(torch.linalg.solve_triangular(T, b, upper=False)).flatten(), r(torch.linalg.solve_triangular(T.mT, b, upper=True, left=False)).flatten(), r(torch.linalg.solve_triangular(T, b, upper=False, unitriangular=True)).flatten(), r(torch.triangular_solve(b, T, False)[0]).flatten(), r(torch.triangular_solve(b, T.mT, True, True)[0]).flatten(), r(torch.triangular_solve(b, T, False, False, True)[0]).flatten()])\n", {{3, 3}, {3, 3}}},
    {"complex_qr", "def f(x: Tensor, y: Tensor) -> Tensor:\n  a = torch.complex(x, y.cos()) + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  r = torch.view_as_real\n  Q, R = torch.linalg.qr(a)\n  Q2, R2 = torch.linalg.qr(a.mT)\n  Q3, R3 = torch.linalg.qr(a.mH, 'complete')\n  Q4, R4 = torch.qr(a)\n  return torch.cat([r(Q).flatten(), r(R).flatten(), r(Q2).pow(2.0).flatten(), r(R2).flatten(), r(Q3).flatten(), r(R3).sin().flatten(), r(Q4.matmul(Q4.mH)).flatten(), (R4 + 2.0).abs().flatten()])\n", {{4, 3}, {4, 3}}},
    {"complex_svd", "def f(x: Tensor, y: Tensor) -> Tensor:\n  a = torch.complex(x, y.cos()) + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  r = torch.view_as_real\n  U, S, Vh = torch.linalg.svd(a, False)\n  U2, S2, Vh2 = torch.linalg.svd(a.mT, True)\n  U3, S3, V3 = torch.svd(a)\n  k = U2[:, :3] * S2.unsqueeze(0)\n  return torch.cat([S, r((U * S.unsqueeze(0)).matmul(Vh) * 0.5 + U.matmul(Vh)).flatten(), r(U.matmul(U.mH)).flatten(), r(Vh.mH.matmul(Vh)).flatten(), S2.pow(2.0), r(k.matmul(Vh2[:3])).flatten(), r(U2[:, :3].matmul(Vh2[:3])).flatten(), U.matmul(Vh).abs().flatten(), S3.sin(), r(U3.matmul(V3.mH)).flatten(), torch.linalg.svdvals(a).pow(2.0), r(torch.linalg.pinv(a)).flatten(), r(torch.pinverse(a.mT)).flatten()])\n", {{4, 3}, {4, 3}}},
    {"complex_lstsq", "def f(x: Tensor, y: Tensor) -> Tensor:\n  a = torch.complex(x, y.cos()) + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  r = torch.view_as_real\n  b = torch.complex(y[:, :2], x[:, :2].sin())\n  return torch.cat([r(torch.linalg.lstsq(a, b).solution).flatten(), r(torch.linalg.lstsq(a, b[:, 0]).solution).flatten()])\n", {{4, 3}, {4, 3}}},
    {"complex_matrix_exp", "def f(x: Tensor, y: Tensor) -> Tensor:\n  m = torch.complex(x, y) * 0.7\n  r = torch.view_as_real\n  return torch.cat([r(torch.linalg.matrix_exp(m)).flatten(), r(torch.matrix_exp(m.unsqueeze(0))).flatten()])\n", {{3, 3}, {3, 3}}},
    {"complex_qr_a", "def f(x: Tensor, y: Tensor) -> Tensor:\n  a = torch.complex(x, y.cos()) + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  r = torch.view_as_real\n  Q, R = torch.linalg.qr(a)\n  return torch.cat([r(Q).flatten(), r(R).flatten()])\n", {{4, 3}, {4, 3}}},
    {"complex_qr_b", "def f(x: Tensor, y: Tensor) -> Tensor:\n  a = torch.complex(x, y.cos()) + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  r = torch.view_as_real\n  Q3, R3 = torch.linalg.qr(a.mH, 'complete')\n  return torch.cat([r(Q3).flatten(), r(R3).sin().flatten()])\n", {{4, 3}, {4, 3}}},
    {"complex_lu_family", "def f(x: Tensor, y: Tensor) -> Tensor:\n  a = torch.complex(x, y) + torch.eye(4, 3, dtype=torch.float64) * 1.5\n  r = torch.view_as_real\n  P, L, U = torch.linalg.lu(a)\n  P2, L2, U2 = torch.linalg.lu(a.mT)\n  LU, piv = torch.linalg.lu_factor(a[:3])\n  LU2, piv2 = torch.linalg.lu_factor(a.mT)\n  b = torch.complex(y[:3, :2], x[:3, :2])\n  Pu, Lu, Uu = torch.lu_unpack(LU2, piv2)\n  return torch.cat([r(L).flatten(), r(U).flatten(), r(L2).flatten(), r(U2).pow(2.0).flatten(), r(LU).flatten(), r(LU2).sin().flatten(), r(Lu).flatten(), r(Uu).flatten(), r(torch.linalg.lu_solve(LU, piv, b)).flatten(), r(torch.linalg.lu_solve(LU, piv, b.mT, left=False)).flatten(), r(torch.linalg.lu_solve(LU, piv, b, adjoint=True)).flatten(), r(torch.lu_solve(b, LU, piv)).flatten()])\n", {{4, 3}, {4, 3}}},
    // Packed sequences (decompositions_packed_rnn.cpp): pack, a bidirectional packed LSTM and
    // a batch_first packed GRU, pad (to a longer total_length).
    {"packed_sequence_rnn", "def f(x: Tensor, wi: Tensor, wh: Tensor) -> Tensor:\n  lengths = torch.tensor([4, 2, 1])\n  h0 = torch.cos(torch.arange(12, dtype=torch.float64).reshape(2, 3, 2))\n  data, bs = torch._pack_padded_sequence(x, lengths, False)\n  out, hn, cn = torch.lstm(data, bs, [h0, h0.sin()], [wi, wh, wi * 0.5, wh.cos()], False, 1, 0.0, True, True)\n  p, lens = torch._pad_packed_sequence(out, bs, False, 0.5, 5)\n  d2, bs2 = torch._pack_padded_sequence(x.transpose(0, 1), lengths, True)\n  go, gh = torch.gru(d2, bs2, h0[:1], [wi[:6], wh[:6]], False, 1, 0.0, True, False)\n  gp, gl = torch._pad_packed_sequence(go, bs2, True, 0.0, 4)\n  return torch.cat([p.flatten(), hn.flatten(), cn.flatten(), gp.flatten(), gh.flatten()])\n", {{4, 3, 2}, {8, 2}, {8, 2}}},
    // The fused transformer ops (decompositions_transformer.cpp): attention with a key padding
    // mask, averaged and per-head weights, separate key/value; encoder layers post- and pre-norm.
    {"fused_attention_encoder", "def f(x: Tensor, wqkv: Tensor, wo: Tensor, w1: Tensor, w2: Tensor) -> Tensor:\n  bqkv = wqkv[:, 0] * 0.5\n  bo = wo[0]\n  kpm = torch.tensor([[False, False, True], [False, False, False]])\n  o1, a1 = torch._native_multi_head_attention(x, x, x, 4, 2, wqkv, bqkv, wo, bo, kpm, True, True, 1)\n  o2, a2 = torch._native_multi_head_attention(x, x.sin(), x.cos(), 4, 2, wqkv, bqkv, wo, bo, None, True, False)\n  e1 = torch._transformer_encoder_layer_fwd(x, 4, 2, wqkv, bqkv, wo, bo, False, False, 1e-5, wo[1] + 1.0, wo[2], wo[3] + 1.0, bo, w1, w1[:, 0], w2, w2[:, 1], kpm, 1)\n  e2 = torch._transformer_encoder_layer_fwd(x, 4, 2, wqkv, bqkv, wo, bo, True, True, 1e-5, wo[1] + 1.0, wo[2], wo[3] + 1.0, bo, w1, w1[:, 0], w2, w2[:, 1])\n  q, k, v = torch._transform_bias_rescale_qkv(x.repeat(1, 1, 3) * wqkv[:, 1], bqkv, 2)\n  return torch.cat([o1.flatten(), a1.flatten(), o2.flatten(), a2.flatten(), e1.flatten(), e2.flatten(), q.flatten(), k.sin().flatten(), v.pow(2.0).flatten()])\n", {{2, 3, 4}, {12, 4}, {4, 4}, {6, 4}, {4, 6}}},
    // einsum with '...' (broadcast too) and repeated indices in one operand; cross_entropy with
    // label_smoothing (class and probability targets, weights, ignore_index);
    // _batch_norm_impl_index. (embedding's scale_grad_by_freq is not a derivative: compat/autograd
    // 054 checks it against PyTorch.)
    {"einsum_ellipsis_diagonal", "def f(x: Tensor, y: Tensor, m: Tensor) -> Tensor:\n  return torch.cat([torch.einsum('...ij,...jk->...ik', x, y).flatten(), torch.einsum('bij,...jk', x, y[0]).flatten(), torch.einsum('ii->i', m).flatten(), torch.einsum('ii', m).reshape([1]), torch.einsum('iij,jk->ik', m.unsqueeze(2) * x[0].unsqueeze(0), y[0]).flatten(), torch.einsum('bii,bi->b', x[:, :, :3], x[:, 0, :3]).flatten(), torch.einsum('i...,i...->...', x, x.cos()).flatten(), torch.einsum('...', m).flatten()])\n", {{2, 3, 4}, {2, 4, 2}, {3, 3}}},
    {"label_smoothing_batch_norm_impl", "def f(x: Tensor, p: Tensor, w: Tensor) -> Tensor:\n  F = torch.nn.functional\n  t = torch.tensor([1, 0, 3])\n  cw = torch.tensor([1.0, 2.0, 0.5, 1.5], dtype=torch.float64)\n  i = torch.tensor([[0, 2, 2], [1, 2, 0]])\n  return torch.cat([F.cross_entropy(x, t, label_smoothing=0.2).reshape([1]), F.cross_entropy(x, t, weight=cw, label_smoothing=0.1).reshape([1]), F.cross_entropy(x, torch.tensor([1, -100, 2]), label_smoothing=0.3, reduction='none'), F.cross_entropy(x, t, weight=cw, ignore_index=0, label_smoothing=0.25, reduction='sum').reshape([1]), F.cross_entropy(x, torch.softmax(p, 1), label_smoothing=0.2).reshape([1]), F.cross_entropy(x.t().unsqueeze(0), torch.tensor([[1, 0, 3]]), label_smoothing=0.15).reshape([1]), F.embedding(i, w).flatten(), torch._batch_norm_impl_index(x.unsqueeze(2), p[0], p[1], None, None, True, 0.1, 1e-5, False)[0].flatten(), torch._batch_norm_impl_index(x, p[2], None, torch.tensor([0.1, -0.2, 0.3, 0.0], dtype=torch.float64), torch.tensor([0.5, 1.5, 1.0, 2.0], dtype=torch.float64), False, 0.1, 1e-5, False)[0].flatten()])\n", {{3, 4}, {3, 4}, {3, 2}}},
    // Writes into views of a dense, non-contiguous root base (copy_slices.cpp: a transposed clone).
    {"view_writes_permuted_base", "def f(x: Tensor, z: Tensor) -> Tensor:\n  y = x.t().clone()\n  y[1] = z[:3] * 2.0\n  y[:, 0].mul_(3.0)\n  v = (x.reshape(3, 2, 2) * z[:2]).permute(2, 0, 1).clone()\n  v[:, 1:, 0] = z[1:3].reshape(1, 2) * z[0]\n  return torch.cat([(y * y.sin()).flatten(), v.pow(2.0).flatten()])\n", {{3, 4}, {4}}},
    {"dropout_eval", "def f(x: Tensor) -> Tensor:\n  return torch.nn.functional.dropout(x, 0.3, False) * x\n", {{5}}},
};

Tensor makeInput(IntArrayRef shape, int64_t seed, bool positive) {
  int64_t n = computeNumel(shape);
  Tensor t = ember::empty(shape, TensorOptions(ScalarType::Double));
  double* p = t.data_ptr<double>();
  for (int64_t i = 0; i < n; ++i) {
    double s = std::sin(0.73 * static_cast<double>(i) + 1.31 * static_cast<double>(seed) + 0.2);
    p[i] = positive ? 1.5 + s : s;
  }
  return t;
}

Tensor callF(Function& f, const std::vector<Tensor>& inputs) {
  std::vector<IValue> args(inputs.begin(), inputs.end());
  return f(std::move(args)).toTensor();
}

// sum(f(inputs) * w), with no graph recorded.
double weighted(Function& f, const std::vector<Tensor>& inputs, const Tensor& w) {
  NoGradGuard noGrad;
  return ember::mul(callF(f, inputs), w).sum().item<double>();
}

std::vector<Tensor> detachedCopies(const std::vector<Tensor>& xs) {
  std::vector<Tensor> out;
  for (const Tensor& x : xs) out.push_back(ember::clone(x));
  return out;
}

std::vector<Tensor> requiringGrad(const std::vector<Tensor>& xs) {
  std::vector<Tensor> out = detachedCopies(xs);
  for (Tensor& x : out) autograd::setRequiresGrad(x);
  return out;
}

// d/dx of h(x) by central differences, for every element of every input.
template <typename H>
void compareWithFiniteDifferences(const char* what, const std::vector<Tensor>& base, const std::vector<Tensor>& analytic,
                                  H h) {
  const double eps = 1e-6;
  for (size_t i = 0; i < base.size(); ++i) {
    ASSERT_TRUE(analytic[i].defined()) << what << ": no gradient for input " << i;
    ASSERT_EQ(analytic[i].sizes(), base[i].sizes()) << what << ": input " << i;
    Tensor a = analytic[i].contiguous();
    for (int64_t j = 0; j < base[i].numel(); ++j) {
      std::vector<Tensor> plus = detachedCopies(base), minus = detachedCopies(base);
      plus[i].data_ptr<double>()[j] += eps;
      minus[i].data_ptr<double>()[j] -= eps;
      double numeric = (h(plus) - h(minus)) / (2 * eps);
      double got = a.data_ptr<double>()[j];
      EXPECT_NEAR(got, numeric, 1e-5 + 1e-4 * std::fabs(numeric)) << what << ": input " << i << " element " << j;
    }
  }
}

class Gradcheck : public ::testing::TestWithParam<Case> {};

TEST_P(Gradcheck, FirstOrderMatchesFiniteDifferences) {
  const Case& c = GetParam();
  auto cu = compile(c.source);
  Function& f = cu->getFunction("f");
  std::vector<Tensor> base;
  for (size_t i = 0; i < c.shapes.size(); ++i) base.push_back(makeInput(c.shapes[i], static_cast<int64_t>(i), c.positive));
  std::vector<Tensor> xs = requiringGrad(base);
  Tensor out = callF(f, xs);
  ASSERT_TRUE(out.requires_grad()) << c.name;
  Tensor w = makeInput(out.sizes(), 7, false);
  std::vector<Tensor> g = autograd::grad({out}, xs, {w});
  compareWithFiniteDifferences(c.name, base, g, [&](const std::vector<Tensor>& in) { return weighted(f, in, w); });
}

// Sums through the operator call path, so that the sum is recorded.
Tensor recordedDot(const Tensor& a, const Tensor& b) {
  Stack s{IValue(a), IValue(b)};
  autograd::callOperator("aten::mul.Tensor", s);
  Stack t{s.back(), IValue()};
  autograd::callOperator("aten::sum", t);
  return t.back().toTensor();
}

TEST_P(Gradcheck, SecondOrderMatchesFiniteDifferences) {
  const Case& c = GetParam();
  if (!c.secondOrder) GTEST_SKIP() << "piecewise linear: second derivatives are zero or undefined";
  auto cu = compile(c.source);
  Function& f = cu->getFunction("f");
  std::vector<Tensor> base;
  for (size_t i = 0; i < c.shapes.size(); ++i) base.push_back(makeInput(c.shapes[i], static_cast<int64_t>(i), c.positive));
  std::vector<Tensor> vs;
  for (size_t i = 0; i < base.size(); ++i) vs.push_back(makeInput(base[i].sizes(), 11 + static_cast<int64_t>(i), false));
  Tensor w;
  // h(x) = sum_i <d/dx_i sum(f(x) * w), v_i>, from first-order gradients only.
  auto h = [&](const std::vector<Tensor>& in) {
    std::vector<Tensor> xs = requiringGrad(in);
    Tensor out = callF(f, xs);
    if (!w.defined()) w = makeInput(out.sizes(), 7, false);
    std::vector<Tensor> g = autograd::grad({out}, xs, {w}, std::nullopt, false, true);
    double s = 0;
    for (size_t i = 0; i < g.size(); ++i)
      if (g[i].defined()) s += ember::mul(g[i], vs[i]).sum().item<double>();
    return s;
  };
  h(base);
  std::vector<Tensor> xs = requiringGrad(base);
  Tensor out = callF(f, xs);
  std::vector<Tensor> g = autograd::grad({out}, xs, {w}, std::nullopt, /*createGraph=*/true, true);
  Tensor total;
  for (size_t i = 0; i < g.size(); ++i) {
    if (!g[i].defined() || !g[i].requires_grad()) continue;
    Tensor term = recordedDot(g[i], vs[i]);
    if (!total.defined()) {
      total = term;
    } else {
      Stack s{IValue(total), IValue(term), IValue(int64_t(1))};
      autograd::callOperator("aten::add.Tensor", s);
      total = s.back().toTensor();
    }
  }
  // Gradients without a graph under create_graph are constants: the second derivative is zero.
  std::vector<Tensor> gg(xs.size());
  if (total.defined() && total.requires_grad()) gg = autograd::grad({total}, xs, {}, std::nullopt, false, true);
  for (size_t i = 0; i < gg.size(); ++i)
    if (!gg[i].defined()) gg[i] = ember::zeros(xs[i].sizes(), TensorOptions(ScalarType::Double));
  compareWithFiniteDifferences(c.name, base, gg, h);
}

INSTANTIATE_TEST_SUITE_P(Formulas, Gradcheck, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ember::jit
