// torch.tensor from C++ data: copies and converts row-major elements into a new tensor.
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"

namespace ember {

namespace {
ScalarType inferredDtype(ScalarType dataType) {
  if (dataType == kBool) return kBool;
  if (isIntegralType(dataType, false)) return kLong;
  return defaultDtype();
}
}  // namespace

Tensor tensorFromData(const void* data, int64_t count, ScalarType dataType, IntArrayRef sizes, TensorOptions options) {
  if (!options.dtype_) options.dtype_ = inferredDtype(dataType);
  const int64_t n = computeNumel(sizes);
  EMBER_CHECK(count == n, "tensor: ", count, " elements of data do not fill a tensor of size ", sizes);
  Tensor out = empty(sizes, options);
  if (n == 0) return out;
  EMBER_CHECK(data != nullptr, "tensor: no data for ", n, " elements");
  visitDtype(dataType, [&]<typename S>() {
    const S* src = static_cast<const S*>(data);
    visitDtype(out.dtype(), [&]<typename D>() {
      D* dst = out.data_ptr<D>();
      for (int64_t i = 0; i < n; ++i) {
        if constexpr (std::is_same_v<D, bool>) dst[i] = static_cast<double>(src[i]) != 0.0;
        else if constexpr (std::is_same_v<S, D>) dst[i] = src[i];
        else dst[i] = static_cast<D>(static_cast<opmath_t<S>>(src[i]));
      }
    });
  });
  return out;
}

}  // namespace ember
