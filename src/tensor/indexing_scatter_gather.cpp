// gather, scatter (src / value, with and without reduce) and scatter_add.
//
// All walk the index tensor in rows along `dim` (forEachRow): two rows never touch the same
// element of self, so rows run in parallel while duplicates inside a row apply in index order,
// deterministically, as PyTorch's CPU kernels do.
#include <array>

#include "complex_dispatch.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/shape.h"
#include "indexing_utils.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace indexing_detail;

namespace {

int64_t nonemptyDim(const Tensor& t) { return t.dim() == 0 ? 1 : t.dim(); }

int64_t checkedIndex(const char* p, int64_t size, int64_t dim) {
  int64_t v = loadIndex(p, true);
  EMBER_CHECK(v >= 0 && v < size, "index ", v, " is out of bounds for dimension ", dim, " with size ", size);
  return v;
}

void gatherShapeCheck(const Tensor& self, int64_t dim, const Tensor& index) {
  EMBER_CHECK(nonemptyDim(index) == nonemptyDim(self),
              "Index tensor must have the same number of dimensions as input tensor");
  for (int64_t d = 0; d < index.dim(); ++d) {
    if (d == dim) continue;
    EMBER_CHECK(index.sizes()[d] <= self.sizes()[d], "Size does not match at dimension ", d, " expected index ",
                index.sizes(), " to be smaller than self ", self.sizes(), " apart from dimension ", dim);
  }
}

void scatterChecks(const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src) {
  EMBER_CHECK(index.dtype() == kLong || index.numel() == 0, "scatter(): Expected dtype int64 for index");
  if (src) EMBER_CHECK(src->dtype() == self.dtype(), "scatter(): Expected self.dtype to be equal to src.dtype");
  EMBER_CHECK(nonemptyDim(index) == nonemptyDim(self),
              "Index tensor must have the same number of dimensions as self tensor");
  if (src)
    EMBER_CHECK(nonemptyDim(index) == nonemptyDim(*src),
                "Index tensor must have the same number of dimensions as src tensor");
  bool ok = true;
  for (int64_t d = 0; d < index.dim() && ok; ++d) {
    if (d != dim && index.sizes()[d] > self.sizes()[d]) ok = false;
    if (src && index.sizes()[d] > (src->dim() == 0 ? 1 : src->sizes()[d])) ok = false;
  }
  if (!ok && src)
    EMBER_ERROR("Expected index ", index.sizes(), " to be smaller than self ", self.sizes(), " apart from dimension ",
                dim, " and to be smaller size than src ", src->sizes());
  EMBER_CHECK(ok, "Expected index ", index.sizes(), " to be smaller than self ", self.sizes(), " apart from dimension ",
              dim);
}

enum class ScatterMode { Assign, Add, Multiply };

// self[.., index[i], ..] (op)= src[i] along dim; src may be a broadcast single value (value
// tensor with zero strides).
void scatterKernel(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, ScatterMode mode) {
  if (index.numel() == 0) return;
  Tensor self1 = atLeast1d(self), index1 = atLeast1d(index);
  const int64_t size = self1.sizes()[dim];
  const int64_t selfDimStride = byteStrides(self1)[dim];
  DimVector selfStrides = byteStrides(self1);
  selfStrides[dim] = 0;
  // src walks index's shape with its own strides (a value has all-zero strides).
  DimVector srcStrides = src.dim() == 0 ? DimVector(static_cast<size_t>(index1.dim()), 0) : byteStrides(src);
  std::array<char*, 3> base{static_cast<char*>(self1.data_ptr()), static_cast<char*>(src.data_ptr()),
                            static_cast<char*>(index1.data_ptr())};
  std::array<DimVector, 3> strides{selfStrides, srcStrides, byteStrides(index1)};
  visitDtypeOrComplex(self.dtype(), [&]<typename T>() {
    forEachRow<3>(index1.sizes(), dim, base, strides, [&](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t j = 0; j < n; ++j) {
        char* dst = p[0] + checkedIndex(p[2] + j * s[2], size, dim) * selfDimStride;
        T v, cur;
        std::memcpy(&v, p[1] + j * s[1], sizeof(T));
        if (mode != ScatterMode::Assign) {
          std::memcpy(&cur, dst, sizeof(T));
          v = mode == ScatterMode::Add ? addValues(cur, v) : mulValues(cur, v);
        }
        std::memcpy(dst, &v, sizeof(T));
      }
    });
  });
}

// A 0-dim tensor of self's dtype holding value.
Tensor valueTensor(const Scalar& value, ScalarType dtype) {
  Tensor t = emptyLike({}, dtype);
  fillWith(t, value);
  return t;
}

const Tensor& scatterImpl(const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src,
                          const Scalar* value, ScatterMode mode) {
  dim = wrapDim(dim, self.dim());
  scatterChecks(self, dim, index, src);
  Tensor s = src ? *src : valueTensor(*value, self.dtype());
  if (src && src->is_alias_of(self)) s = ember::clone(s);
  scatterKernel(self, dim, index, s, mode);
  return self;
}

ScatterMode reduceMode(std::string_view reduce) {
  return parseScatterReduce(reduce) ? ScatterMode::Multiply : ScatterMode::Add;
}

}  // namespace

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index, bool /*sparse_grad*/) {
  dim = wrapDim(dim, self.dim());
  // As in PyTorch, an empty index may have any dtype.
  EMBER_CHECK(index.dtype() == kLong || index.numel() == 0, "gather(): Expected dtype int64 for index");
  gatherShapeCheck(self, dim, index);
  Tensor out = emptyLike(index.sizes(), self.dtype());
  if (index.numel() == 0) return out;
  Tensor self1 = atLeast1d(self), index1 = atLeast1d(index), out1 = atLeast1d(out);
  const int64_t size = self1.sizes()[dim];
  const int64_t selfDimStride = byteStrides(self1)[dim];
  DimVector selfStrides = byteStrides(self1);
  selfStrides[dim] = 0;
  std::array<char*, 3> base{static_cast<char*>(out1.data_ptr()), static_cast<char*>(self1.data_ptr()),
                            static_cast<char*>(index1.data_ptr())};
  std::array<DimVector, 3> strides{byteStrides(out1), selfStrides, byteStrides(index1)};
  visitElementWidth(self.element_size(), [&]<typename U>() {
    forEachRow<3>(index1.sizes(), dim, base, strides, [&](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t j = 0; j < n; ++j) {
        const char* from = p[1] + checkedIndex(p[2] + j * s[2], size, dim) * selfDimStride;
        std::memcpy(p[0] + j * s[0], from, sizeof(U));
      }
    });
  });
  return out;
}

const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  detail::noteWrite(self);
  return scatterImpl(self, dim, index, &src, nullptr, ScatterMode::Assign);
}
const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  detail::noteWrite(self);
  return scatterImpl(self, dim, index, nullptr, &value, ScatterMode::Assign);
}
const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                       std::string_view reduce) {
  detail::noteWrite(self);
  return scatterImpl(self, dim, index, &src, nullptr, reduceMode(reduce));
}
const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value,
                       std::string_view reduce) {
  detail::noteWrite(self);
  return scatterImpl(self, dim, index, nullptr, &value, reduceMode(reduce));
}
const Tensor& scatter_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  detail::noteWrite(self);
  return scatterImpl(self, dim, index, &src, nullptr, ScatterMode::Add);
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  Tensor out = ember::clone(self);
  scatter_(out, dim, index, src);
  return out;
}
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  Tensor out = ember::clone(self);
  scatter_(out, dim, index, value);
  return out;
}
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, std::string_view reduce) {
  Tensor out = ember::clone(self);
  scatter_(out, dim, index, src, reduce);
  return out;
}
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value, std::string_view reduce) {
  Tensor out = ember::clone(self);
  scatter_(out, dim, index, value, reduce);
  return out;
}
Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  Tensor out = ember::clone(self);
  scatter_add_(out, dim, index, src);
  return out;
}

Tensor Tensor::gather(int64_t dim, const Tensor& index, bool sparse_grad) const {
  return ember::gather(*this, dim, index, sparse_grad);
}
const Tensor& Tensor::scatter_(int64_t dim, const Tensor& index, const Tensor& src) const {
  return ember::scatter_(*this, dim, index, src);
}
const Tensor& Tensor::scatter_(int64_t dim, const Tensor& index, const Scalar& value) const {
  return ember::scatter_(*this, dim, index, value);
}
Tensor Tensor::scatter(int64_t dim, const Tensor& index, const Tensor& src) const {
  return ember::scatter(*this, dim, index, src);
}
Tensor Tensor::scatter(int64_t dim, const Tensor& index, const Scalar& value) const {
  return ember::scatter(*this, dim, index, value);
}
const Tensor& Tensor::scatter_add_(int64_t dim, const Tensor& index, const Tensor& src) const {
  return ember::scatter_add_(*this, dim, index, src);
}
Tensor Tensor::scatter_add(int64_t dim, const Tensor& index, const Tensor& src) const {
  return ember::scatter_add(*this, dim, index, src);
}

}  // namespace ember
