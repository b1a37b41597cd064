// The samplers of ember/tensor/ops/distributions.h whose streams are ember's own (poisson,
// binomial, standard gamma, Dirichlet): the same seed gives the same values, another seed other
// values, and an explicit generator is independent of the default one. Their distributions are
// checked against PyTorch statistically in tests/compat/ops/cases_distributions.py.
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "ember/tensor.h"
#include "ember/tensor/ops/distributions.h"

namespace ember {
namespace {

std::vector<double> values(const Tensor& t) {
  std::vector<double> out;
  for (const Scalar& s : t.scalars()) out.push_back(s.toDouble());
  return out;
}

void expectSeedDeterminism(const std::function<Tensor(Generator*)>& draw) {
  manual_seed(123);
  std::vector<double> first = values(draw(nullptr));
  manual_seed(123);
  EXPECT_EQ(values(draw(nullptr)), first);
  manual_seed(124);
  EXPECT_NE(values(draw(nullptr)), first);
  Generator g(123);
  manual_seed(999);
  EXPECT_EQ(values(draw(&g)), first);
}

TEST(DistributionsTest, PoissonIsDeterministicUnderASeed) {
  Tensor rates = full({64}, 4.0);
  rates.slice(0, 32, 64).fill_(Scalar(40.0));  // both the small-rate and the rejection paths
  expectSeedDeterminism([&](Generator* g) { return poisson(rates, g); });
}

TEST(DistributionsTest, BinomialIsDeterministicUnderASeed) {
  Tensor n = full({64}, 200.0), p = full({64}, 0.02);
  p.slice(0, 32, 64).fill_(Scalar(0.7));  // inversion and BTRS
  expectSeedDeterminism([&](Generator* g) { return binomial(n, p, g); });
}

TEST(DistributionsTest, GammaAndDirichletAreDeterministicUnderASeed) {
  Tensor alpha = full({16, 4}, 0.5);
  alpha.slice(1, 2, 4).fill_(Scalar(3.0));
  expectSeedDeterminism([&](Generator* g) { return standard_gamma(alpha, g); });
  expectSeedDeterminism([&](Generator* g) { return sample_dirichlet(alpha, g); });
}

TEST(DistributionsTest, BinomialEdgeValues) {
  Tensor n = tensor<float>({0, 7, 7, 9.5f});
  Tensor p = tensor<float>({0.5f, 0, 1, 1});
  // torch.binomial gives [0, 0, 7, 9.5]: p = 1 returns the count itself, fractional or not.
  EXPECT_EQ(values(binomial(n, p)), (std::vector<double>{0, 0, 7, 9.5}));
}

}  // namespace
}  // namespace ember
