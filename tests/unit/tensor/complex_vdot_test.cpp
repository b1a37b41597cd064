// vdot conjugates its first argument for complex tensors (dot does not); for real tensors the two
// are the same. Expected values worked out by hand: conj(a) . b and a . b for small vectors.
#include <gtest/gtest.h>

#include <vector>

#include "ember/tensor.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/spectral.h"

namespace ember {
namespace {

// A complex128 vector from (re, im) pairs.
Tensor complexVector(const std::vector<double>& pairs) {
  Tensor t = empty({static_cast<int64_t>(pairs.size() / 2), 2}, TensorOptions(ScalarType::Double));
  for (size_t i = 0; i < pairs.size(); ++i) t.data_ptr<double>()[i] = pairs[i];
  return view_as_complex(t);
}

std::vector<double> parts(const Tensor& z) {
  Tensor r = view_as_real(z).contiguous();
  return {r.data_ptr<double>()[0], r.data_ptr<double>()[1]};
}

TEST(ComplexVdotTest, ConjugatesTheFirstArgument) {
  Tensor a = complexVector({1, 2, 3, -1});  // [1+2i, 3-i]
  Tensor b = complexVector({2, -1, 1, 1});  // [2-i, 1+i]
  // (1-2i)(2-i) + (3+i)(1+i) = -5i + (2+4i)
  EXPECT_EQ(parts(vdot(a, b)), (std::vector<double>{2, -1}));
  // (1+2i)(2-i) + (3-i)(1+i) = (4+3i) + (4+2i)
  EXPECT_EQ(parts(dot(a, b)), (std::vector<double>{8, 5}));
}

TEST(ComplexVdotTest, RealIsDot) {
  Tensor a = empty({3}, TensorOptions(ScalarType::Double));
  Tensor b = empty({3}, TensorOptions(ScalarType::Double));
  for (int i = 0; i < 3; ++i) {
    a.data_ptr<double>()[i] = i + 1.0;
    b.data_ptr<double>()[i] = 2.0 - i;
  }
  EXPECT_EQ(vdot(a, b).item<double>(), 1.0 * 2.0 + 2.0 * 1.0 + 3.0 * 0.0);
}

}  // namespace
}  // namespace ember
