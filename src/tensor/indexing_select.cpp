// Ops indexing one dim with a vector of indices (index_select, index_add, index_fill) and take.
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

// `sizes` with sizes[dim] replaced by n (sizes of a 0-dim tensor count as [1]).
DimVector withDimSize(const Tensor& t, int64_t dim, int64_t n) {
  DimVector s = t.dim() == 0 ? DimVector{1} : DimVector(t.sizes());
  s[dim] = n;
  return s;
}

// Reads index[i] (Long or Int) of a 0- or 1-dim index tensor.
int64_t indexAt(const Tensor& index, int64_t i) {
  const int64_t stride = index.dim() == 0 ? 0 : index.strides()[0];
  const char* p = static_cast<const char*>(index.data_ptr()) + i * stride * static_cast<int64_t>(index.element_size());
  return loadIndex(p, index.dtype() == kLong);
}

void indexSelectInto(const Tensor& out, const Tensor& self, int64_t dim, const Tensor& index) {
  Tensor self1 = atLeast1d(self), out1 = atLeast1d(out);
  const int64_t size = self1.sizes()[dim], n = index.numel();
  const bool simpleError = dim == 0 || self1.dim() == 1;
  // Element offsets of the selected slices; the copy then walks out in its memory order.
  Tensor offsets = emptyLike({n}, kLong);
  int64_t* off = static_cast<int64_t*>(offsets.data_ptr());
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = indexAt(index, i);
    if (EMBER_UNLIKELY(v < 0 || v >= size)) {
      EMBER_CHECK_KIND(Index, !simpleError, "index out of range in self");
      EMBER_ERROR("INDICES element is out of DATA bounds, id=", v, " axis_dim=", size);
    }
    off[i] = v * self1.strides()[dim];
  }
  DimVector selfStrides(self1.strides());
  selfStrides[dim] = 0;
  DimVector offStrides(static_cast<size_t>(out1.dim()), 0);
  offStrides[dim] = 1;
  gatherByOffsets(out1, self1, selfStrides, offsets, offStrides);
}

void checkIndexSelectArgs(const Tensor& self, const Tensor& index) {
  (void)self;
  EMBER_CHECK_KIND(Index, index.dim() <= 1, "index_select(): Index is supposed to be a vector");
  EMBER_CHECK(index.dtype() == kLong || index.dtype() == kInt,
              "index_select(): Expected dtype int32 or int64 for index");
}

template <typename T>
T addScaled(T cur, T v, const Scalar& alpha) {
  if constexpr (std::is_integral_v<T>) {
    return addValues(cur, mulValues(alpha.to<T>(), v));
  } else {
    using M = opmath_t<T>;
    return static_cast<T>(static_cast<M>(cur) + alpha.to<M>() * static_cast<M>(v));
  }
}

void checkIndexAddArgs(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  EMBER_CHECK_KIND(Index, index.dim() <= 1, "index_add_(): Index is supposed to be a vector, but got dim: ",
                   index.dim(), " with type: ", scalarTypeName(index.dtype()), " and size: ", index.sizes());
  EMBER_CHECK(index.dtype() == kLong || index.dtype() == kInt,
              "index_add_(): Expected dtype int32/int64 for index but got: ", scalarTypeName(index.dtype()));
  EMBER_CHECK(self.dtype() == source.dtype(), "index_add_(): self (", scalarTypeName(self.dtype()), ") and source (",
              scalarTypeName(source.dtype()), ") must have the same scalar type");
  const int64_t srcDims = source.dim() == 0 ? 1 : source.dim();
  EMBER_CHECK(dim < srcDims, "index_add_(): Indexing dim ", dim, " is out of bounds of the source tensor with dim ",
              source.dim());
  const int64_t srcDimSize = source.dim() == 0 ? 1 : source.sizes()[dim];
  EMBER_CHECK(index.numel() == srcDimSize, "index_add_(): Number of indices (", index.numel(),
              ") should be equal to source.size(dim): (", srcDimSize, "), for dim: ", dim);
  const int64_t selfDims = self.dim() == 0 ? 1 : self.dim();
  EMBER_CHECK(selfDims == srcDims, "index_add_(): source and self must have the same number of dimensions, got ",
              source.dim(), " and ", self.dim());
}

}  // namespace

Tensor& index_select_out(Tensor& out, const Tensor& self, int64_t dim, const Tensor& index) {
  detail::noteWrite(out);
  dim = wrapDim(dim, self.dim());
  checkIndexSelectArgs(self, index);
  EMBER_CHECK(out.dtype() == self.dtype(), "index_select(): self and result must have the same scalar type");
  DimVector sizes = withDimSize(self, dim, index.numel());
  if (self.dim() == 0) sizes.clear();
  resizeOut(out, sizes);
  if (out.numel() > 0) indexSelectInto(out, self, dim, index);
  return out;
}

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) {
  Tensor out = emptyLike({}, self.dtype());
  index_select_out(out, self, dim, index);
  return out;
}

Tensor take(const Tensor& self, const Tensor& index) {
  EMBER_CHECK(index.dtype() == kLong, "take(): Expected a long tensor for index, but got ",
              scalarTypeName(index.dtype()));
  Tensor out = emptyLike(index.sizes(), self.dtype());
  if (index.numel() == 0) return out;
  const int64_t numel = self.numel();
  EMBER_CHECK_KIND(Index, numel > 0, "take(): tried to take from an empty tensor");
  const bool contiguous = self.is_contiguous();
  const int64_t elem = static_cast<int64_t>(self.element_size());
  const char* src = static_cast<const char*>(self.data_ptr());
  IntArrayRef sizes = self.sizes(), strides = self.strides();
  StridedLoop<2> loop(index.sizes(), {out.strides(), index.strides()}, {elem, 8});
  visitElementWidth(self.element_size(), [&]<typename U>() {
    loop.runParallel({static_cast<char*>(out.data_ptr()), static_cast<char*>(index.data_ptr())},
                     [&](char* const* p, const int64_t* s, int64_t n) {
                       for (int64_t i = 0; i < n; ++i) {
                         int64_t v = loadIndex(p[1] + i * s[1], true);
                         EMBER_CHECK_KIND(Index, v >= -numel && v < numel, "out of range: tried to access index ", v,
                                          " on a tensor of ", numel, " elements.");
                         if (v < 0) v += numel;
                         int64_t offset = v;
                         if (!contiguous) {  // row-major position -> strided element offset
                           offset = 0;
                           for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
                             offset += (v % sizes[d]) * strides[d];
                             v /= sizes[d];
                           }
                         }
                         std::memcpy(p[0] + i * s[0], src + offset * elem, sizeof(U));
                       }
                     });
  });
  return out;
}

const Tensor& index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                         const Scalar& alpha) {
  detail::noteWrite(self);
  dim = wrapDim(dim, self.dim());
  checkIndexAddArgs(self, dim, index, source);
  Tensor self1 = atLeast1d(self), src1 = atLeast1d(source);
  // Other dims of source must match self's or be 1 (broadcast, as PyTorch's slice add_ allows).
  DimVector srcStrides = byteStrides(src1);
  for (int64_t d = 0; d < self1.dim(); ++d) {
    if (d == dim || src1.sizes()[d] == self1.sizes()[d]) continue;
    EMBER_CHECK(src1.sizes()[d] == 1, "The size of tensor a (", self1.sizes()[d], ") must match the size of tensor b (",
                src1.sizes()[d], ") at non-singleton dimension ", d < dim ? d : d - 1);
    srcStrides[d] = 0;
  }
  const int64_t size = self1.sizes()[dim];
  Tensor src = source.is_alias_of(self) ? ember::clone(src1) : src1;
  if (!src.is_same(src1)) {
    DimVector fresh = byteStrides(src);
    for (size_t d = 0; d < fresh.size(); ++d) srcStrides[d] = srcStrides[d] == 0 ? 0 : fresh[d];
  }
  // One slice at a time, in index order: duplicates accumulate deterministically, and each
  // slice add walks memory in order and runs in parallel (PyTorch does the same per slice).
  DimVector sliceSizes(self1.sizes()), sliceDst(self1.strides()), sliceSrc;
  sliceSizes.erase(sliceSizes.begin() + dim);
  sliceDst.erase(sliceDst.begin() + dim);
  for (int64_t d = 0; d < self1.dim(); ++d)
    if (d != dim) sliceSrc.push_back(srcStrides[d] / static_cast<int64_t>(src.element_size()));
  const int64_t elem = static_cast<int64_t>(self.element_size());
  StridedLoop<2> loop(sliceSizes, {sliceDst, sliceSrc}, {elem, elem});
  char* selfBase = static_cast<char*>(self1.data_ptr());
  char* srcBase = static_cast<char*>(src.data_ptr());
  const int64_t selfDimStride = self1.strides()[dim] * elem, srcDimStride = srcStrides[dim];
  visitDtypeOrComplex(self.dtype(), [&]<typename T>() {
    for (int64_t i = 0; i < index.numel(); ++i) {
      int64_t v = indexAt(index, i);
      EMBER_CHECK_KIND(Index, v >= 0 && v < size, "index out of range in self");
      loop.runParallel({selfBase + v * selfDimStride, srcBase + i * srcDimStride},
                       [&](char* const* p, const int64_t* s, int64_t n) {
                         char* d = p[0];
                         const char* in = p[1];
                         for (int64_t j = 0; j < n; ++j, d += s[0], in += s[1]) {
                           T cur, val;
                           std::memcpy(&cur, d, sizeof(T));
                           std::memcpy(&val, in, sizeof(T));
                           cur = addScaled(cur, val, alpha);
                           std::memcpy(d, &cur, sizeof(T));
                         }
                       });
    }
  });
  return self;
}

Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) {
  Tensor out = ember::clone(self);
  index_add_(out, dim, index, source, alpha);
  return out;
}

const Tensor& index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  detail::noteWrite(self);
  dim = wrapDim(dim, self.dim());
  EMBER_CHECK(index.dim() <= 1, "Index has to be a vector/scalar");
  EMBER_CHECK_KIND(Index, index.dtype() == kLong, "index_fill_(): Expected dtype int64 for index.");
  Tensor self1 = atLeast1d(self);
  const int64_t size = self1.sizes()[dim];
  std::array<char, 16> bytes{};
  visitDtypeOrComplex(self.dtype(), [&]<typename T>() {
    T v = scalarAs<T>(value);
    std::memcpy(bytes.data(), &v, sizeof(T));
  });
  DimVector sliceSizes(self1.sizes()), sliceStrides(self1.strides());
  sliceSizes.erase(sliceSizes.begin() + dim);
  sliceStrides.erase(sliceStrides.begin() + dim);
  const int64_t elem = static_cast<int64_t>(self.element_size());
  StridedLoop<1> loop(sliceSizes, {sliceStrides}, {elem});
  char* base = static_cast<char*>(self1.data_ptr());
  const int64_t dimStride = self1.strides()[dim] * elem;
  for (int64_t i = 0; i < index.numel(); ++i) {
    int64_t v = indexAt(index, i);
    EMBER_CHECK_KIND(Index, v >= -size && v < size, "index ", v, " is out of bounds for dimension ", dim, " with size ",
                     size);
    if (v < 0) v += size;
    loop.runParallel({base + v * dimStride}, [&](char* const* p, const int64_t* s, int64_t n) {
      char* d = p[0];
      for (int64_t j = 0; j < n; ++j, d += s[0]) std::memcpy(d, bytes.data(), static_cast<size_t>(elem));
    });
  }
  return self;
}

const Tensor& index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  detail::noteWrite(self);
  EMBER_CHECK(value.dim() == 0, "index_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
              value.dim(), " dimension(s).");
  return index_fill_(self, dim, index, scalarOf(value));
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  Tensor out = ember::clone(self);
  index_fill_(out, dim, index, value);
  return out;
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  Tensor out = ember::clone(self);
  index_fill_(out, dim, index, value);
  return out;
}

Tensor Tensor::index_select(int64_t dim, const Tensor& index) const { return ember::index_select(*this, dim, index); }
Tensor Tensor::take(const Tensor& index) const { return ember::take(*this, index); }
const Tensor& Tensor::index_add_(int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) const {
  return ember::index_add_(*this, dim, index, source, alpha);
}
Tensor Tensor::index_add(int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) const {
  return ember::index_add(*this, dim, index, source, alpha);
}
const Tensor& Tensor::index_fill_(int64_t dim, const Tensor& index, const Scalar& value) const {
  return ember::index_fill_(*this, dim, index, value);
}
Tensor Tensor::index_fill(int64_t dim, const Tensor& index, const Scalar& value) const {
  return ember::index_fill(*this, dim, index, value);
}

}  // namespace ember
