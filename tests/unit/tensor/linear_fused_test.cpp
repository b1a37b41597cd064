// ember::matmul_fused and ember::linear_fused against the unfused operators they replace
// (matmul/linear, add of the bias, add of the residual, the activation): bit for bit, NaN
// included, for float32/float64, 1-D to 3-D products, biases and residuals that take the
// one-pass loop and ones that take aten::add's general rules (broadcast, promotion, strided).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "ember/error.h"
#include "ember/tensor.h"
#include "ember/tensor/ops/linear_fused.h"
#include "test_tensors.h"

namespace ember {
namespace {

using testing::values;

Tensor activate(Tensor y, const std::string& act, double lo, double hi) {
  if (act == "relu") return relu(y);
  if (act == "hardtanh") return hardtanh(y, lo, hi);
  if (act == "silu") return silu(y);
  if (act == "gelu") return gelu(y, "none");
  if (act == "gelu_tanh") return gelu(y, "tanh");
  if (act == "hardswish") return hardswish(y);
  if (act == "sigmoid") return sigmoid(y);
  return y;
}

// Same shape, dtype and values, NaN where NaN.
void expectSameBits(const Tensor& got, const Tensor& want, const std::string& what) {
  ASSERT_EQ(got.sizes(), want.sizes()) << what;
  ASSERT_EQ(got.dtype(), want.dtype()) << what;
  std::vector<double> g = values(got), e = values(want);
  for (size_t i = 0; i < g.size(); ++i) {
    if (std::isnan(e[i])) {
      EXPECT_TRUE(std::isnan(g[i])) << what << " at " << i;
    } else {
      ASSERT_EQ(g[i], e[i]) << what << " at " << i;
    }
  }
}

const std::vector<std::string> kActs = {"none", "relu", "hardtanh", "silu", "gelu", "gelu_tanh", "hardswish",
                                        "sigmoid"};

TEST(LinearFusedTest, MatmulEpilogueMatchesTheUnfusedOperators) {
  int cases = 0;
  for (ScalarType dtype : {kFloat, kDouble}) {
    TensorOptions opts = TensorOptions().dtype(dtype);
    // (x sizes, weight-transposed sizes): a batch of rows, 3-D, a vector times a matrix, odd widths.
    const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> shapes = {
        {{33, 24}, {24, 19}}, {{2, 5, 16}, {16, 64}}, {{16}, {16, 7}}, {{130, 32}, {32, 100}}};
    for (const auto& [xs, ws] : shapes) {
      Tensor x = randn(xs, opts), w = randn(ws, opts);
      Tensor plain = matmul(x, w);
      const int64_t n = ws[1];
      // Biases: none, a row vector, a broadcast column ([*, 1]: general rules), a float64 one on
      // float32 (promotion), one of the output's shape (a residual added first); residuals:
      // none, dense, strided (a transposed copy).
      std::vector<Tensor> biases = {Tensor(), randn({n}, opts), randn(std::vector<int64_t>(plain.dim(), 1), opts),
                                    randn({n}, TensorOptions().dtype(kDouble)), randn_like(plain)};
      std::vector<int64_t> reversed(plain.sizes().begin(), plain.sizes().end());
      std::reverse(reversed.begin(), reversed.end());
      Tensor strided = randn(reversed, opts);
      std::vector<Tensor> residuals = {Tensor(), randn_like(plain),
                                       plain.dim() == 2 ? strided.t() : randn_like(plain)};
      // A NaN in the residual: relu and hardtanh keep it.
      if (plain.numel() > 3) residuals[1].view({-1}).select(0, 2).fill_(std::numeric_limits<double>::quiet_NaN());
      for (const Tensor& b : biases) {
        for (const Tensor& r : residuals) {
          for (const std::string& act : kActs) {
            const double lo = act == "hardtanh" ? -0.5 : 0.0, hi = act == "hardtanh" ? 0.75 : 0.0;
            Tensor want = matmul(x, w);
            if (b.defined()) want = add(want, b);
            if (r.defined()) want = add(want, r);
            want = activate(want, act, lo, hi);
            expectSameBits(matmul_fused(x, w, b, r, act, lo, hi), want, "matmul_fused act=" + act);
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_EQ(cases, 2 * 4 * 5 * 3 * 8);
}

TEST(LinearFusedTest, LinearEpilogueMatchesTheUnfusedOperators) {
  for (ScalarType dtype : {kFloat, kDouble}) {
    TensorOptions opts = TensorOptions().dtype(dtype);
    Tensor x = randn({7, 3, 40}, opts), w = randn({24, 40}, opts), b = randn({24}, opts);
    for (const Tensor& bias : {Tensor(), b}) {
      for (const Tensor& r : {Tensor(), randn({7, 3, 24}, opts), randn({24}, opts)}) {
        for (const std::string& act : kActs) {
          Tensor want = linear(x, w, bias);
          if (r.defined()) want = add(want, r);
          want = activate(want, act, 0.0, 6.0);
          expectSameBits(linear_fused(x, w, bias, r, act, 0.0, 6.0), want, "linear_fused act=" + act);
        }
      }
    }
  }
}

TEST(LinearFusedTest, BadArgumentsRaise) {
  Tensor x = randn({3, 4}), w = randn({4, 5});
  EXPECT_THROW(matmul_fused(x, w, Tensor(), Tensor(), "tanh"), Error);
  EXPECT_THROW(linear_fused(x, w, Tensor(), Tensor(), "bogus"), Error);
  // The product's and the adds' own shape errors.
  EXPECT_THROW(matmul_fused(x, randn({3, 5}), Tensor(), Tensor(), "relu"), Error);
  EXPECT_THROW(matmul_fused(x, w, randn({4}), Tensor(), "relu"), Error);
  EXPECT_THROW(matmul_fused(x, w, Tensor(), randn({2, 5}), "none"), Error);
}

}  // namespace
}  // namespace ember
