// Layer norm: each row of the trailing `normalized_shape` dims is normalised with its own mean
// and biased variance (two passes over the row, which is in cache), then scaled and shifted
// elementwise. Rows are independent and split across threads.
#include <cmath>
#include <sstream>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/norm.h"
#include "tensor/nn_layout.h"
#include "tensor/nn_rows.h"

namespace ember {

namespace {

using nn::RowOps;

void checkLayerNormInputs(const Tensor& input, IntArrayRef shape, const Tensor& weight, const Tensor& bias) {
  EMBER_CHECK(!shape.empty(), "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
              "element, but got normalized_shape = ", shape);
  EMBER_CHECK(!weight.defined() || weight.sizes() == shape, "Expected weight to be of same shape as normalized_shape, "
              "but got weight of shape ", weight.sizes(), " and normalized_shape = ", shape);
  EMBER_CHECK(!bias.defined() || bias.sizes() == shape, "Expected bias to be of same shape as normalized_shape, but "
              "got bias of shape ", bias.sizes(), " and normalized_shape = ", shape);
  const int64_t nd = input.dim(), k = static_cast<int64_t>(shape.size());
  if (nd < k || input.sizes().slice(static_cast<size_t>(nd - k)) != shape) {
    std::ostringstream os;
    os << "Given normalized_shape=" << shape << ", expected input with shape [*";
    for (int64_t s : shape) os << ", " << s;
    os << "], but got input of size" << input.sizes();
    EMBER_ERROR(os.str());
  }
}

template <typename T>
void layerNormRows(const T* x, T* y, T* mean, T* rstd, const T* w, const T* b, int64_t M, int64_t N, double eps) {
  using C = opmath_t<T>;
  parallelFor(0, M, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, N)), [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r) {
      const T* row = x + r * N;
      const C m = RowOps<T>::sum(row, N) / static_cast<C>(N);
      const C var = RowOps<T>::sumSqDev(row, N, m) / static_cast<C>(N);
      const C rs = static_cast<C>(1) / std::sqrt(std::max(var, C(0)) + static_cast<C>(eps));
      RowOps<T>::normAffine(y + r * N, row, N, rs, -m * rs, w, b);
      mean[r] = static_cast<T>(m);
      rstd[r] = static_cast<T>(rs);
    }
  });
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> native_layer_norm(const Tensor& input, IntArrayRef normalized_shape,
                                                     const Tensor& weight, const Tensor& bias, double eps) {
  checkLayerNormInputs(input, normalized_shape, weight, bias);
  const int64_t axis = input.dim() - static_cast<int64_t>(normalized_shape.size());
  int64_t M = 1, N = 1;
  for (int64_t d = 0; d < input.dim(); ++d) (d < axis ? M : N) *= input.size(d);
  DimVector statSizes(input.sizes());
  for (int64_t d = axis; d < input.dim(); ++d) statSizes[d] = 1;
  nn::checkDtypeIn(input.dtype(), {kBFloat16, kFloat, kDouble}, "LayerNormKernelImpl");
  const Tensor x = input.contiguous();
  Tensor y = empty(input.sizes(), input.dtype());
  Tensor mean = empty(statSizes, input.dtype()), rstd = empty(statSizes, input.dtype());
  const Tensor w = weight.defined() ? weight.contiguous() : weight, b = bias.defined() ? bias.contiguous() : bias;
  if (M == 0) return {y, mean, rstd};
  visitFloatingDtype(input.dtype(), [&]<typename T>() {
    if constexpr (!std::is_same_v<T, Half>)
      layerNormRows<T>(x.data_ptr<T>(), y.data_ptr<T>(), mean.data_ptr<T>(), rstd.data_ptr<T>(),
                       w.defined() ? w.data_ptr<T>() : nullptr, b.defined() ? b.data_ptr<T>() : nullptr, M, N, eps);
  });
  return {y, mean, rstd};
}

Tensor layer_norm(const Tensor& input, IntArrayRef normalized_shape, const Tensor& weight, const Tensor& bias,
                  double eps, bool) {
  return std::get<0>(native_layer_norm(input, normalized_shape, weight, bias, eps));
}

}  // namespace ember
