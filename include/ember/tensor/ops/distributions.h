// Random distributions beyond the uniform/normal/bernoulli family of random.h: Cauchy,
// log-normal and geometric fills, and the samplers torch.distributions calls (poisson,
// binomial, the standard gamma with its reparameterisation gradient, Dirichlet).
//
// cauchy_, log_normal_ and geometric_ turn each draw into a number exactly as PyTorch's CPU
// kernels do, so after manual_seed they give PyTorch's values. poisson, binomial, gamma and
// Dirichlet sample the right distributions from the same generator, but by ember's own
// algorithms: their streams differ from PyTorch's (the same seed still gives the same values).
#pragma once

#include "ember/tensor/ops/random.h"
#include "ember/tensor/tensor.h"

namespace ember {

// median + sigma * tan(pi * (u - 1/2)) per element (floating dtypes).
Tensor& cauchy_(Tensor& self, double median = 0.0, double sigma = 1.0, Generator* generator = nullptr);
// exp(N(mean, std)) per element (floating dtypes; std > 0).
Tensor& log_normal_(Tensor& self, double mean = 1.0, double std = 2.0, Generator* generator = nullptr);
// The number of Bernoulli(p) trials up to the first success (1, 2, ...); p in (0, 1).
Tensor& geometric_(Tensor& self, double p, Generator* generator = nullptr);

// A Poisson sample for each rate of self (floating dtypes, rates >= 0), in self's dtype.
Tensor poisson(const Tensor& self, Generator* generator = nullptr);
// A Binomial(count, prob) sample per element (count and prob broadcast; floating dtypes).
Tensor binomial(const Tensor& count, const Tensor& prob, Generator* generator = nullptr);
// A Gamma(alpha, 1) sample per element, at least the dtype's smallest normal number.
Tensor standard_gamma(const Tensor& alpha, Generator* generator = nullptr);
// d sample / d alpha of a Gamma(alpha, 1) sample x, by implicit differentiation of its CDF.
Tensor standard_gamma_grad(const Tensor& alpha, const Tensor& x);
// The reparameterisation gradient of a Dirichlet component x: d x / d alpha of its
// Beta(alpha, total - alpha) marginal with the other concentrations fixed, over 1 - x (PyTorch's).
Tensor dirichlet_grad(const Tensor& x, const Tensor& alpha, const Tensor& total);
// Dirichlet(alpha) samples over the last dim of alpha: gamma samples divided by their sum.
Tensor sample_dirichlet(const Tensor& alpha, Generator* generator = nullptr);

}  // namespace ember
