// Element access: item(), strided element reads and tolist().
#include "ember/tensor/ops/access.h"

#include "ember/tensor/dispatch.h"
#include "scalar_convert.h"

namespace ember {

namespace {
// Byte offset of row-major position `linear` in a strided tensor.
int64_t elementOffset(const Tensor& t, int64_t linear) {
  int64_t offset = 0;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    const int64_t size = t.sizes()[d];
    offset += (linear % size) * t.strides()[d];
    linear /= size;
  }
  return offset * static_cast<int64_t>(t.element_size());
}

Scalar readAt(const Tensor& t, int64_t byteOffset) {
  const char* p = static_cast<const char*>(t.data_ptr()) + byteOffset;
  return visitDtype(t.dtype(), [&]<typename T>() { return elementToScalar<T>(p); }, "item");
}

NestedScalars nestedFrom(const Tensor& t, int64_t dim, int64_t byteOffset) {
  if (dim == t.dim()) return NestedScalars{readAt(t, byteOffset)};
  std::vector<NestedScalars> items;
  const int64_t n = t.sizes()[dim];
  items.reserve(static_cast<size_t>(n));
  const int64_t step = t.strides()[dim] * static_cast<int64_t>(t.element_size());
  for (int64_t i = 0; i < n; ++i) items.push_back(nestedFrom(t, dim + 1, byteOffset + i * step));
  return NestedScalars{std::move(items)};
}
}  // namespace

Scalar Tensor::item() const {
  EMBER_CHECK(defined(), "item(): expected a defined tensor");
  EMBER_CHECK(numel() == 1, "a Tensor with ", numel(), " elements cannot be converted to Scalar");
  return readAt(*this, 0);
}

Scalar Tensor::scalarAt(int64_t linearIndex) const {
  EMBER_CHECK_KIND(Index, linearIndex >= 0 && linearIndex < numel(), "index ", linearIndex,
                   " is out of bounds for tensor with ", numel(), " elements");
  return readAt(*this, elementOffset(*this, linearIndex));
}

std::vector<Scalar> Tensor::scalars() const {
  std::vector<Scalar> out;
  out.reserve(static_cast<size_t>(numel()));
  for (int64_t i = 0; i < numel(); ++i) out.push_back(readAt(*this, elementOffset(*this, i)));
  return out;
}

NestedScalars tolist(const Tensor& self) {
  EMBER_CHECK(self.defined(), "tolist(): expected a defined tensor");
  return nestedFrom(self, 0, 0);
}

}  // namespace ember
