// Mask-driven ops: nonzero, masked_fill, masked_select.
#include <array>

#include "complex_dispatch.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/shape.h"
#include "indexing_utils.h"
#include "strided_loop.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace indexing_detail;

namespace {

// 1 where the element of a contiguous tensor is nonzero (NaN counts as nonzero).
template <typename T>
bool isNonzero(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return static_cast<float>(v) != 0.0f;
  else return v != T(0);
}

// Linear positions (row-major over self's logical shape) of the nonzero elements.
std::vector<int64_t> nonzeroPositions(const Tensor& self) {
  Tensor c = contiguousOf(self);
  std::vector<int64_t> pos;
  const char* p = static_cast<const char*>(c.data_ptr());
  const int64_t n = c.numel();
  visitDtypeOrComplex(c.dtype(), [&]<typename T>() {
    for (int64_t i = 0; i < n; ++i)
      if (isNonzero<T>(p + i * static_cast<int64_t>(sizeof(T)))) pos.push_back(i);
  });
  return pos;
}

void checkMaskDtype(const Tensor& mask, const char* op) {
  EMBER_CHECK(mask.dtype() == kBool || mask.dtype() == kByte, op, " only supports boolean masks, but got mask with dtype ",
              scalarTypeTorchName(mask.dtype()).substr(6));
}

// Raw bytes of value converted to dtype t (so the fill loop only moves bytes).
std::array<char, 16> valueBytes(const Scalar& value, ScalarType t) {
  std::array<char, 16> bytes{};
  visitDtypeOrComplex(t, [&]<typename T>() {
    T v = scalarAs<T>(value);
    std::memcpy(bytes.data(), &v, sizeof(T));
  });
  return bytes;
}

}  // namespace

Tensor nonzero(const Tensor& self) {
  std::vector<int64_t> pos = nonzeroPositions(self);
  const int64_t nd = self.dim(), n = static_cast<int64_t>(pos.size());
  // Built as [dim, n] and returned transposed, the layout PyTorch's CPU kernel gives.
  Tensor coords = emptyLike({nd, n}, kLong);
  int64_t* out = static_cast<int64_t*>(coords.data_ptr());
  for (int64_t i = 0; i < n; ++i) {
    int64_t rem = pos[i];
    for (int64_t d = nd - 1; d >= 0; --d) {
      out[d * n + i] = rem % self.sizes()[d];
      rem /= self.sizes()[d];
    }
  }
  return permuteView(coords, {1, 0});
}

std::vector<Tensor> nonzero_numpy(const Tensor& self) {
  Tensor coords = nonzero(atLeast1d(self));
  std::vector<Tensor> out;
  for (int64_t d = 0; d < coords.sizes()[1]; ++d) out.push_back(selectView(coords, 1, d));
  return out;
}

const Tensor& masked_fill_(const Tensor& self, const Tensor& mask, const Scalar& value) {
  detail::noteWrite(self);
  checkMaskDtype(mask, "masked_fill_");
  DimVector shape = broadcastShapes(self.sizes(), mask.sizes());
  EMBER_CHECK(IntArrayRef(shape) == self.sizes(), "output with shape ", self.sizes(),
              " doesn't match the broadcast shape ", shape.ref());
  if (self.numel() == 0) return self;
  Tensor m = expandView(mask, self.sizes());
  std::array<char, 16> bytes = valueBytes(value, self.dtype());
  const int64_t elem = static_cast<int64_t>(self.element_size());
  StridedLoop<2> loop(self.sizes(), {self.strides(), m.strides()}, {elem, 1});
  loop.runParallel({static_cast<char*>(self.data_ptr()), static_cast<char*>(m.data_ptr())},
                   [&](char* const* p, const int64_t* s, int64_t n) {
                     char* d = p[0];
                     const char* mk = p[1];
                     for (int64_t i = 0; i < n; ++i, d += s[0], mk += s[1])
                       if (*mk) std::memcpy(d, bytes.data(), static_cast<size_t>(elem));
                   });
  return self;
}

const Tensor& masked_fill_(const Tensor& self, const Tensor& mask, const Tensor& value) {
  detail::noteWrite(self);
  EMBER_CHECK(value.dim() == 0, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
              value.dim(), " dimension(s).");
  return masked_fill_(self, mask, scalarOf(value));
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Scalar& value) {
  checkMaskDtype(mask, "masked_fill_");
  DimVector shape = broadcastShapes(self.sizes(), mask.sizes());
  Tensor out = emptyLike(shape, self.dtype());
  ember::copy_(out, expandView(self, shape));
  masked_fill_(out, mask, value);
  return out;
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  EMBER_CHECK(value.dim() == 0, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
              value.dim(), " dimension(s).");
  return masked_fill(self, mask, scalarOf(value));
}

Tensor masked_select(const Tensor& self, const Tensor& mask) {
  EMBER_CHECK(mask.dtype() == kBool || mask.dtype() == kByte, "masked_select: expected BoolTensor or ByteTensor for mask");
  DimVector shape = broadcastShapes(mask.sizes(), self.sizes());
  Tensor s = contiguousOf(expandView(self, shape));
  Tensor m = contiguousOf(expandView(mask, shape));
  const int64_t n = s.numel();
  const uint8_t* mk = static_cast<const uint8_t*>(m.data_ptr());
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) count += mk[i] != 0;
  Tensor out = emptyLike({count}, self.dtype());
  const size_t elem = self.element_size();
  const char* src = static_cast<const char*>(s.data_ptr());
  char* dst = static_cast<char*>(out.data_ptr());
  for (int64_t i = 0; i < n; ++i) {
    if (!mk[i]) continue;
    std::memcpy(dst, src + i * static_cast<int64_t>(elem), elem);
    dst += elem;
  }
  return out;
}

Tensor Tensor::nonzero() const { return ember::nonzero(*this); }
Tensor Tensor::masked_select(const Tensor& mask) const { return ember::masked_select(*this, mask); }
const Tensor& Tensor::masked_fill_(const Tensor& mask, const Scalar& value) const {
  return ember::masked_fill_(*this, mask, value);
}
const Tensor& Tensor::masked_fill_(const Tensor& mask, const Tensor& value) const {
  return ember::masked_fill_(*this, mask, value);
}
Tensor Tensor::masked_fill(const Tensor& mask, const Scalar& value) const { return ember::masked_fill(*this, mask, value); }
Tensor Tensor::masked_fill(const Tensor& mask, const Tensor& value) const { return ember::masked_fill(*this, mask, value); }

}  // namespace ember
