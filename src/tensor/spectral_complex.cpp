// The complex-tensor pieces the spectral family needs (see spectral.h): a complex tensor is a
// view of interleaved (re, im) pairs with a complex dtype; view_as_real / view_as_complex switch
// between the two readings of one storage, and complexAbs takes magnitudes.
#include <cmath>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/spectral.h"

namespace ember {
namespace {

ScalarType realOf(ScalarType t) {
  if (t == ScalarType::ComplexFloat) return kFloat;
  if (t == ScalarType::ComplexDouble) return kDouble;
  EMBER_CHECK(false, "view_as_real is only supported for complex tensors");
  return t;
}

}  // namespace

Tensor view_as_real(const Tensor& self) {
  const ScalarType real = realOf(self.dtype());
  DimVector sizes(self.sizes().begin(), self.sizes().end()), strides;
  sizes.push_back(2);
  for (int64_t s : self.strides()) strides.push_back(2 * s);
  strides.push_back(1);
  return Tensor::make(self.storage(), real, sizes, strides, 2 * self.storage_offset());
}

Tensor view_as_complex(const Tensor& self) {
  const ScalarType t = self.dtype();
  EMBER_CHECK(t == kFloat || t == kDouble,
              "view_as_complex is only supported for float and double tensors, but got a tensor of scalar type: ", t);
  EMBER_CHECK(self.dim() > 0 && self.size(-1) == 2, "Tensor must have a last dimension of size 2");
  EMBER_CHECK(self.stride(-1) == 1, "Tensor must have a last dimension with stride 1");
  DimVector sizes, strides;
  for (int64_t d = 0; d + 1 < self.dim(); ++d) {
    EMBER_CHECK(self.stride(d) % 2 == 0, "Tensor must have a stride divisible by 2 for all but last dimension");
    sizes.push_back(self.size(d));
    strides.push_back(self.stride(d) / 2);
  }
  EMBER_CHECK(self.storage_offset() % 2 == 0, "Tensor must have a storage_offset divisible by 2");
  return Tensor::make(self.storage(), t == kFloat ? ScalarType::ComplexFloat : ScalarType::ComplexDouble, sizes,
                      strides, self.storage_offset() / 2);
}

Tensor complexAbs(const Tensor& self) {
  const ScalarType real = realOf(self.dtype());
  // The result keeps the input's layout when it is dense (stft's transposed result is), as
  // PyTorch's elementwise ops do; the magnitude is sqrt(re^2 + im^2), as its vector kernels.
  Tensor pairs = view_as_real(self);
  const bool dense = self.is_non_overlapping_and_dense();
  Tensor out = dense ? empty_strided(self.sizes(), self.strides(), real) : empty(self.sizes(), real);
  if (!dense) pairs = pairs.contiguous();
  auto run = [&]<typename T>() {
    const T* src = static_cast<const T*>(pairs.data_ptr());
    T* dst = out.data_ptr<T>();
    // Both are dense with matching strides: element i of the storage span maps to pair i.
    for (int64_t i = 0; i < self.numel(); ++i) {
      const T re = src[2 * i], im = src[2 * i + 1];
      dst[i] = std::sqrt(re * re + im * im);
    }
  };
  if (real == kFloat) {
    run.template operator()<float>();
  } else {
    run.template operator()<double>();
  }
  return out;
}

}  // namespace ember
