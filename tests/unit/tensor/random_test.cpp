// Unit tests for the random family. Expected streams were printed by PyTorch 1.13
// (torch.manual_seed(0); torch.rand(3) ...).
#include <gtest/gtest.h>

#include <cmath>

#include "ember/tensor.h"

namespace ember {
namespace {

std::vector<double> values(const Tensor& t) {
  std::vector<double> out;
  for (const Scalar& s : t.scalars()) out.push_back(s.toDouble());
  return out;
}

TEST(RandomTest, RandMatchesPyTorchStreams) {
  manual_seed(0);
  EXPECT_EQ(values(rand({3})), (std::vector<double>{0.49625658988952637, 0.7682217955589294, 0.08847743272781372}));
  manual_seed(0);
  EXPECT_EQ(values(rand({3}, kDouble)), (std::vector<double>{0.9700530018065531, 0.707819864399788, 0.45938294312745087}));
  EXPECT_EQ(initial_seed(), 0u);
}

TEST(RandomTest, RandintUses32Or64BitDraws) {
  manual_seed(0);
  EXPECT_EQ(values(randint(0, 10, {5})), (std::vector<double>{4, 9, 3, 0, 3}));
  Tensor wide = randint(0, int64_t{1} << 40, {3});
  EXPECT_EQ(wide.scalarAt(0).toLong(), 1080377046723);
  EXPECT_EQ(wide.scalarAt(1).toLong(), 444201214985);
  EXPECT_EQ(wide.scalarAt(2).toLong(), 909012193557);
  EXPECT_THROW(randint(5, 5, {2}), Error);
}

TEST(RandomTest, RandnSmallPathCachesSecondSample) {
  manual_seed(0);
  EXPECT_EQ(values(randn({3})), (std::vector<double>{1.5409960746765137, -0.293428897857666, -2.1787893772125244}));
  EXPECT_EQ(values(randn({1})), (std::vector<double>{0.5684312582015991}));
  manual_seed(0);
  EXPECT_EQ(values(randn({3}, kDouble)),
            (std::vector<double>{1.5409961082440433, -0.2934289057609464, -2.1787893820745574}));
}

TEST(RandomTest, RandnBlockedPathIsDeterministicAndNormal) {
  manual_seed(0);
  Tensor a = randn({1000});
  manual_seed(0);
  Tensor b = randn({1000});
  EXPECT_EQ(values(a), values(b));
  double sum = 0, sq = 0;
  for (double v : values(a)) {
    sum += v;
    sq += v * v;
  }
  EXPECT_NEAR(sum / 1000, 0.0, 0.15);
  EXPECT_NEAR(sq / 1000, 1.0, 0.15);
}

TEST(RandomTest, GeneratorsAreIndependentHandles) {
  Generator g(0);
  Generator alias = g;  // shares the stream
  Tensor x = rand({2}, {}, &g);
  Tensor y = rand({1}, {}, &alias);
  EXPECT_EQ(x.scalarAt(0).toDouble(), 0.49625658988952637);
  EXPECT_EQ(y.item().toDouble(), 0.08847743272781372);
  EXPECT_EQ(Generator().initial_seed(), 67280421310721u);
  // Only the low 32 bits of a seed matter, as in PyTorch.
  manual_seed((uint64_t{1} << 32) + 0);
  EXPECT_EQ(rand({1}).item().toDouble(), 0.49625658988952637);
}

TEST(RandomTest, RandpermAndErrors) {
  manual_seed(0);
  EXPECT_EQ(values(randperm(5)), (std::vector<double>{4, 0, 1, 3, 2}));
  EXPECT_EQ(randperm(0).numel(), 0);
  EXPECT_THROW(randperm(-1), Error);
  Tensor z = zeros({3});
  EXPECT_THROW(bernoulli_(z, 1.5), Error);
  EXPECT_THROW(uniform_(z, 2.0, 1.0), Error);
  EXPECT_THROW(normal_(z, 0.0, -1.0), Error);
  Tensor i = zeros({3}, kLong);
  EXPECT_THROW(uniform_(i), Error);
}

TEST(RandomTest, BernoulliAndRandomRanges) {
  manual_seed(3);
  Tensor p = full({200}, 0.0);
  EXPECT_EQ(values(bernoulli(p)), std::vector<double>(200, 0.0));
  p.fill_(1.0);
  EXPECT_EQ(values(bernoulli(p)), std::vector<double>(200, 1.0));
  Tensor r = zeros({500}, kByte);
  random_(r, 3);
  for (double v : values(r)) EXPECT_TRUE(v == 0 || v == 1 || v == 2);
  Tensor e = zeros({100}, kDouble);
  exponential_(e, 2.0);
  for (double v : values(e)) EXPECT_GE(v, 0.0);
}

TEST(RandomTest, NormalOverloadsBroadcast) {
  manual_seed(1);
  Tensor mean = zeros({2, 1});
  Tensor std = zeros({3});
  Tensor out = normal(mean, std);
  EXPECT_EQ(out.sizes(), IntArrayRef({2, 3}));
  EXPECT_EQ(values(out), std::vector<double>(6, 0.0));  // std 0: exactly the mean
  Tensor neg = full({2}, -1.0);
  EXPECT_THROW(normal(0.0, neg), Error);
}

}  // namespace
}  // namespace ember
