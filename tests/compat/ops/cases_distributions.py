"""Random distributions: cauchy_, log_normal_, geometric_ (in-place, functional and out= forms)
and normal_functional draw as PyTorch does, so after torch.manual_seed their values match
PyTorch's. poisson, binomial, _standard_gamma and _sample_dirichlet use ember's own samplers:
their cases compare dtypes and shapes, and statistically the moments of 200,000 samples (each
side's sample mean, and sample variance, within 8 standard deviations of their difference) and the
support (non-negative integers, at most n, rows summing to 1). Errors are compared as usual."""
from typing import List

import torch

from caselib import empty_out, floats, positive

N = 200_000


def poisson_stats(rate: torch.Tensor, var_scale: float) -> List[torch.Tensor]:
    y = torch.poisson(rate.expand(200000).contiguous())
    return [y.mean(), y.var() * var_scale]


def poisson_support(rate: torch.Tensor) -> List[torch.Tensor]:
    y = torch.poisson(rate.expand(200000).contiguous())
    return [(y >= 0).all(), (y == y.round()).all()]


def binomial_stats(n: torch.Tensor, p: torch.Tensor, var_scale: float) -> List[torch.Tensor]:
    y = torch.binomial(n.expand(200000).contiguous(), p.expand(200000).contiguous())
    return [y.mean(), y.var() * var_scale]


def binomial_support(n: torch.Tensor, p: torch.Tensor) -> List[torch.Tensor]:
    y = torch.binomial(n.expand(200000).contiguous(), p.expand(200000).contiguous())
    return [(y >= 0).all(), (y <= n).all(), (y == y.round()).all()]


def gamma_stats(alpha: torch.Tensor, var_scale: float) -> List[torch.Tensor]:
    y = torch._standard_gamma(alpha.expand(200000).contiguous())
    return [y.mean(), y.var() * var_scale]


def gamma_support(alpha: torch.Tensor) -> List[torch.Tensor]:
    y = torch._standard_gamma(alpha.expand(200000).contiguous())
    return [(y > 0).all()]


def dirichlet_stats(alpha: torch.Tensor, var_scale: float) -> List[torch.Tensor]:
    y = torch._sample_dirichlet(alpha.expand(200000, 3).contiguous())
    return [y.mean(0), y.var(0) * var_scale]


def dirichlet_support(alpha: torch.Tensor) -> List[torch.Tensor]:
    y = torch._sample_dirichlet(alpha.expand(200000, 3).contiguous())
    return [(y > 0).all(), ((y.sum(1) - 1).abs() < 1e-5).all()]


def _graph(fn):
    graph = torch.jit.script(fn).graph.copy()
    torch._C._jit_pass_inline(graph)
    return str(graph)


def _moment_tolerances(sample):
    """8 standard deviations of the difference of two independent sample means, and of two
    sample variances."""
    x = sample.double()
    var = x.var(0)
    m4 = ((x - x.mean(0)) ** 4).mean(0)
    tol_mean = 8 * torch.sqrt(2 * var / N)
    tol_var = 8 * torch.sqrt(2 * (m4 - var ** 2).clamp(min=0) / N)
    return float(tol_mean.max()), float(tol_var.max())


def statistical_cases(c):
    specs = [
        ("poisson_small", poisson_stats, poisson_support, [torch.tensor([3.0])],
         lambda a: torch.poisson(a[0].expand(N))),
        ("poisson_large", poisson_stats, poisson_support, [torch.tensor([25.0], dtype=torch.float64)],
         lambda a: torch.poisson(a[0].expand(N))),
        ("poisson_tiny", poisson_stats, poisson_support, [torch.tensor([0.05])],
         lambda a: torch.poisson(a[0].expand(N))),
        ("binomial_small", binomial_stats, binomial_support, [torch.tensor([5.0]), torch.tensor([0.3])],
         lambda a: torch.binomial(a[0].expand(N), a[1].expand(N))),
        ("binomial_large", binomial_stats, binomial_support, [torch.tensor([100.0]), torch.tensor([0.4])],
         lambda a: torch.binomial(a[0].expand(N), a[1].expand(N))),
        ("binomial_flipped", binomial_stats, binomial_support,
         [torch.tensor([60.0], dtype=torch.float64), torch.tensor([0.85], dtype=torch.float64)],
         lambda a: torch.binomial(a[0].expand(N), a[1].expand(N))),
        ("gamma_small", gamma_stats, gamma_support, [torch.tensor([0.4])],
         lambda a: torch._standard_gamma(a[0].expand(N))),
        ("gamma_large", gamma_stats, gamma_support, [torch.tensor([7.5], dtype=torch.float64)],
         lambda a: torch._standard_gamma(a[0].expand(N))),
        ("dirichlet", dirichlet_stats, dirichlet_support, [torch.tensor([0.5, 2.0, 4.0])],
         lambda a: torch._sample_dirichlet(a[0].expand(N, 3).contiguous())),
    ]
    for name, stats, support, inputs, draw in specs:
        torch.manual_seed(11)
        tol_mean, tol_var = _moment_tolerances(draw(inputs))
        # The variance is scaled so that the mean's tolerance is the variance's too.
        stats_inputs = inputs + [tol_mean / tol_var]
        torch.manual_seed(12)
        c.add_graph(f"{name}_moments", _graph(stats), stats_inputs, [stats(*stats_inputs)], rtol=0.0, atol=tol_mean)
        torch.manual_seed(13)
        c.add_graph(f"{name}_support", _graph(support), inputs, [support(*inputs)])


def cases(c):
    x = floats(4, 5)
    # Same stream as PyTorch after manual_seed.
    for dtype in [torch.float32, torch.float64]:
        t = floats(3, 7, dtype=dtype)
        c.add("aten::cauchy_", [t], seed=1)
        c.add("aten::cauchy_", [t, 2.0, 0.5], seed=2)
        c.add("aten::log_normal_", [t], seed=3, rtol=1e-5)
        c.add("aten::log_normal_", [t, -0.5, 0.25], seed=4)
        c.add("aten::geometric_", [t, 0.3], seed=5)
    c.add("aten::geometric_", [torch.zeros(10, dtype=torch.int64), 0.05], seed=6)
    c.add("aten::geometric_", [floats(6, 4).t(), 0.6], seed=7)  # non-contiguous: memory order
    c.add("aten::cauchy_", [floats(6, 4).t(), 1.0, 3.0], seed=8)
    c.add("aten::cauchy", [x, 0.0, 2.0], seed=9)
    c.add("aten::cauchy.out", [x, 1.0, 1.0, None, empty_out()], seed=10)
    c.add("aten::log_normal", [x, 0.0, 0.5], seed=11, rtol=1e-5)
    c.add("aten::log_normal.out", [x, 1.0, 0.1, None, empty_out(torch.float64)], seed=12, rtol=1e-5)
    c.add("aten::geometric", [x, 0.25], seed=13)
    c.add("aten::geometric.out", [x, 0.75, None, empty_out()], seed=14)
    c.add("aten::normal_functional", [x], seed=15)
    c.add("aten::normal_functional", [floats(40, 3), 2.0, 0.5], seed=16)
    # Errors.
    c.add("aten::geometric_", [floats(3), 0.0])
    c.add("aten::geometric_", [floats(3), 1.0])
    c.add("aten::log_normal_", [floats(3), 0.0, 0.0])
    c.add("aten::log_normal_", [torch.zeros(3, dtype=torch.int64)])
    c.add("aten::cauchy_", [torch.zeros(3, dtype=torch.int64)])
    c.add("aten::poisson", [torch.tensor([1.0, -1.0])])
    c.add("aten::poisson", [torch.tensor([1, 2])])
    c.add("aten::binomial", [torch.tensor([5]), torch.tensor([0.5])])
    c.add("aten::_standard_gamma", [torch.tensor([1, 2])])

    # Own samplers: dtypes and shapes.
    c.add("aten::poisson", [positive(3, 4)], values=False)
    c.add("aten::poisson", [torch.zeros(5)])  # rate 0 gives 0
    c.add("aten::poisson.out", [positive(6, dtype=torch.float64), None, empty_out(torch.float64)], values=False)
    c.add("aten::binomial", [torch.full((2, 3), 10.0), torch.full((2, 3), 0.5)], values=False)
    c.add("aten::binomial", [torch.tensor([0.0, 7.0, 7.0, -1.0, 2.5, 0.5]),
                             torch.tensor([0.5, 0.0, 1.0, 0.5, 1.0, 0.0])])  # edges
    c.add("aten::binomial.out", [torch.full((4,), 3.0), torch.full((4,), 0.2), None, empty_out()], values=False)
    c.add("aten::_standard_gamma", [positive(2, 5)], values=False)
    c.add("aten::_standard_gamma.out", [positive(3, dtype=torch.float64), None, empty_out(torch.float64)],
          values=False)
    c.add("aten::_sample_dirichlet", [positive(4, 3)], values=False)
    c.add("aten::_sample_dirichlet.out", [positive(2, 5), None, empty_out()], values=False)
    # Reparameterisation gradients (PyTorch approximates them; ember differentiates the CDF), at
    # samples of the distributions (fixed seed): PyTorch's approximations hold there, not far in
    # the tails.
    g = torch.Generator().manual_seed(21)
    alpha = torch.tensor([0.3, 0.5, 0.9, 1.0, 2.5, 6.0, 20.0, 80.0], dtype=torch.float64).repeat_interleave(3)
    sample = torch._standard_gamma(alpha, generator=g)
    c.add("aten::_standard_gamma_grad", [alpha, sample], rtol=2e-3, atol=1e-6)
    c.add("aten::_standard_gamma_grad", [alpha.float(), sample.float()], rtol=2e-3, atol=1e-5)
    c.add("aten::_standard_gamma_grad.out", [alpha, sample, empty_out(torch.float64)], rtol=2e-3, atol=1e-6)
    c.add("aten::_standard_gamma_grad", [alpha, sample.float()])  # error: dtypes differ
    conc = torch.tensor([0.3, 0.5, 1.0, 2.0, 4.0, 10.0], dtype=torch.float64).repeat_interleave(4)
    rest = torch.tensor([0.5, 2.0, 7.0, 25.0], dtype=torch.float64).repeat(6)
    total = conc + rest
    torch.manual_seed(22)
    x = torch.distributions.Beta(conc, rest).sample().contiguous()
    c.add("aten::_dirichlet_grad", [x, conc, total], rtol=2e-3, atol=1e-6)
    c.add("aten::_dirichlet_grad", [x.float(), conc.float(), total.float()], rtol=2e-3, atol=1e-5)
    c.add("aten::_dirichlet_grad.out", [x, conc, total, empty_out(torch.float64)], rtol=2e-3, atol=1e-6)

    statistical_cases(c)
