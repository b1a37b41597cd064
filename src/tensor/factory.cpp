#include "ember/tensor/ops/factory.h"

namespace ember {

namespace {
size_t storageBytes(IntArrayRef sizes, IntArrayRef strides, ScalarType dtype) {
  int64_t numel = computeNumel(sizes);
  if (numel == 0) return 0;
  int64_t last = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    EMBER_CHECK(strides[i] >= 0, "empty_strided: negative strides are not supported, got ", strides);
    int64_t span;
    EMBER_CHECK(!__builtin_mul_overflow(sizes[i] - 1, strides[i], &span) && !__builtin_add_overflow(last, span, &last),
                "empty_strided: tensor geometry overflows int64");
  }
  int64_t bytes;
  EMBER_CHECK(!__builtin_mul_overflow(last + 1, static_cast<int64_t>(elementSize(dtype)), &bytes),
              "tensor of sizes ", sizes, " is too large");
  return static_cast<size_t>(bytes);
}
}  // namespace

Tensor empty(IntArrayRef sizes, TensorOptions options) {
  DimVector strides = contiguousStrides(sizes);
  return empty_strided(sizes, strides, options);
}

Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides, TensorOptions options) {
  EMBER_CHECK(sizes.size() == strides.size(), "mismatch in length of strides and shape");
  ScalarType dtype = options.dtypeOrDefault();
  EMBER_CHECK(isSupportedScalarType(dtype), "ember does not support tensors of dtype ", dtype, " yet");
  EMBER_CHECK(options.device_.isCpu(), "ember computes on the CPU only; cannot create a tensor on ",
              options.device_);
  Storage storage = Storage::allocate(storageBytes(sizes, strides, dtype));
  Tensor t(makeIntrusive<TensorImpl>(std::move(storage), dtype, 0, sizes, strides));
  if (options.requires_grad_) t.set_requires_grad(true);
  return t;
}

}  // namespace ember
