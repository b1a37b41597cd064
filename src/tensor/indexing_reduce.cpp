// scatter_reduce, index_reduce, index_copy, masked_scatter, put, diagonal_scatter.
//
// scatter_reduce walks the index tensor in rows along `dim` (forEachRow), like scatter: rows
// write disjoint elements of self, so they run in parallel, and duplicates inside a row combine
// in index order. index_reduce and index_copy are scatters with the index vector broadcast over
// source's shape; masked_scatter and put are index_put_ with a mask / flat indices.
#include <cmath>
#include <limits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/indexing_extra.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "indexing_utils.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace indexing_detail;

namespace {

enum class Reduce { Sum, Prod, Mean, Max, Min };

Reduce parseScatterReduceName(std::string_view r) {
  if (r == "sum") return Reduce::Sum;
  if (r == "prod") return Reduce::Prod;
  if (r == "mean") return Reduce::Mean;
  if (r == "amax") return Reduce::Max;
  if (r == "amin") return Reduce::Min;
  EMBER_ERROR("reduce argument must be either sum, prod, mean, amax or amin, got ", r);
}

Reduce parseIndexReduceName(std::string_view r) {
  EMBER_CHECK(r == "prod" || r == "mean" || r == "amax" || r == "amin",
              "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got ", r, ".");
  return parseScatterReduceName(r);
}

// PyTorch's max/min here propagate NaN from either side.
template <typename T>
T combine(Reduce op, T cur, T v) {
  switch (op) {
    case Reduce::Sum:
    case Reduce::Mean: return addValues(cur, v);
    case Reduce::Prod: return mulValues(cur, v);
    case Reduce::Max:
      if constexpr (!std::is_integral_v<T>) {
        if (std::isnan(static_cast<float>(v))) return v;
      }
      return cur < v ? v : cur;
    case Reduce::Min:
      if constexpr (!std::is_integral_v<T>) {
        if (std::isnan(static_cast<float>(v))) return v;
      }
      return v < cur ? v : cur;
  }
  return v;
}

Scalar identityOf(Reduce op, ScalarType dtype) {
  switch (op) {
    case Reduce::Sum:
    case Reduce::Mean: return Scalar(int64_t{0});
    case Reduce::Prod: return Scalar(int64_t{1});
    case Reduce::Max:
    case Reduce::Min: {
      const bool isMax = op == Reduce::Max;
      if (dtype == ScalarType::Bool) return Scalar(!isMax);
      if (isFloatingType(dtype)) return Scalar(isMax ? -INFINITY : INFINITY);
      return visitIntegralDtype(dtype, [&]<typename T>() -> Scalar {
        return Scalar(static_cast<int64_t>(isMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max()));
      }, true);
    }
  }
  return Scalar(int64_t{0});
}

int64_t nonemptyDim(const Tensor& t) { return t.dim() == 0 ? 1 : t.dim(); }

void scatterReduceChecks(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  EMBER_CHECK(index.dtype() == kLong, "scatter(): Expected dtype int64 for index");
  EMBER_CHECK(src.dtype() == self.dtype(), "scatter(): Expected self.dtype to be equal to src.dtype");
  EMBER_CHECK(nonemptyDim(index) == nonemptyDim(self),
              "Index tensor must have the same number of dimensions as self tensor");
  EMBER_CHECK(nonemptyDim(index) == nonemptyDim(src),
              "Index tensor must have the same number of dimensions as src tensor");
  for (int64_t d = 0; d < index.dim(); ++d) {
    const bool ok = (d == dim || index.sizes()[d] <= self.sizes()[d]) &&
                    index.sizes()[d] <= (src.dim() == 0 ? 1 : src.sizes()[d]);
    EMBER_CHECK(ok, "Expected index ", index.sizes(), " to be smaller than self ", self.sizes(),
                " apart from dimension ", dim, " and to be smaller size than src ", src.sizes());
  }
}

// self[.., index[i], ..] = combine(self[..], src[i]) along dim, over index's shape.
void scatterReduceKernel(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src, Reduce op) {
  if (index.numel() == 0) return;
  Tensor self1 = atLeast1d(self), index1 = atLeast1d(index), src1 = atLeast1d(src);
  const int64_t size = self1.sizes()[dim];
  DimVector selfStrides = byteStrides(self1);
  const int64_t selfDimStride = selfStrides[dim];
  selfStrides[dim] = 0;
  std::array<char*, 3> base{static_cast<char*>(self1.data_ptr()), static_cast<char*>(src1.data_ptr()),
                            static_cast<char*>(index1.data_ptr())};
  std::array<DimVector, 3> strides{selfStrides, byteStrides(src1), byteStrides(index1)};
  visitDtype(self.dtype(), [&]<typename T>() {
    forEachRow<3>(index1.sizes(), dim, base, strides, [&](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t j = 0; j < n; ++j) {
        const int64_t k = loadIndex(p[2] + j * s[2], true);
        EMBER_CHECK_KIND(Index, k >= 0 && k < size, "index ", k, " is out of bounds for dimension ", dim,
                         " with size ", size);
        char* dst = p[0] + k * selfDimStride;
        T cur, v;
        std::memcpy(&cur, dst, sizeof(T));
        std::memcpy(&v, p[1] + j * s[1], sizeof(T));
        cur = combine(op, cur, v);
        std::memcpy(dst, &cur, sizeof(T));
      }
    });
  }, "scatter_reduce");
}

// The shared body of scatter_reduce_ and index_reduce_ (index already int64, shaped like src).
void reduceInto(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& srcIn, Reduce op,
                bool includeSelf) {
  if (op == Reduce::Mean && self.dtype() == ScalarType::Bool)
    throwUnsupportedDtype("scatter_gather_tensor_cpu_reduce_mean", self.dtype());
  Tensor src = srcIn.is_alias_of(self) ? ember::clone(srcIn) : srcIn;
  if (!includeSelf) scatter_(self, dim, index, identityOf(op, self.dtype()));
  scatterReduceKernel(self, dim, index, src, op);
  if (op != Reduce::Mean) return;
  Tensor counts = includeSelf ? ones_like(self) : zeros_like(self);
  scatter_add_(counts, dim, index, ones_like(src));
  masked_fill_(counts, eq(counts, Scalar(int64_t{0})), Scalar(int64_t{1}));
  Tensor out = self;
  if (isFloatingType(self.dtype())) div_(out, counts);
  else div_(out, counts, "floor");
}

// index (a vector along dim) viewed with source's shape, for a scatter over source.
Tensor broadcastIndex(const Tensor& index, const Tensor& source, int64_t dim) {
  Tensor idx = index.dtype() == kLong ? index : ember::to(index, kLong);
  if (source.dim() == 0) return reshape(idx, {});
  DimVector shape(static_cast<size_t>(source.dim()), 1);
  shape[dim] = idx.numel();
  return expand(reshape(idx, shape), source.sizes());
}

// index_reduce_ / index_copy_ shape checks: a vector index, one entry per source slice, and
// source slices shaped like self's.
void checkIndexSlices(const char* op, const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  EMBER_CHECK(index.dim() <= 1, op, "(): Index should have dimension 1 or 0 (got ", index.dim(), ")");
  EMBER_CHECK(self.dtype() == source.dtype(), op, "(): self and source expected to have the same dtype, but got (self) ",
              self.dtype(), " and (source) ", source.dtype());
  const int64_t n = index.numel();
  const int64_t srcLen = source.dim() == 0 ? 1 : source.sizes()[dim];
  EMBER_CHECK_KIND(Index, n == srcLen, op, "(): Number of indices (", n, ") should be equal to source.size(dim) (",
                   srcLen, ")");
  EMBER_CHECK(nonemptyDim(self) == nonemptyDim(source), op,
              "(): When source and destination are not scalars, their dimensionality must match. Source "
              "dimensionality (", source.dim(), "), destination dimensionality (", self.dim(), ")");
  for (int64_t d = 0; d < source.dim(); ++d) {
    if (d == dim) continue;
    EMBER_CHECK(self.sizes()[d] == source.sizes()[d], op,
                "(): Source/destination tensor must have same slice shapes. Destination slice shape: ",
                self.sizes()[d], " at dimension ", d, " and source slice shape: ", source.sizes()[d],
                " at dimension ", d, ".");
  }
}

}  // namespace

const Tensor& scatter_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                              std::string_view reduce, bool include_self) {
  detail::noteWrite(self);
  const Reduce op = parseScatterReduceName(reduce);
  dim = wrapDim(dim, self.dim());
  scatterReduceChecks(self, dim, index, src);
  reduceInto(self, dim, index, src, op, include_self);
  return self;
}
Tensor scatter_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                      std::string_view reduce, bool include_self) {
  Tensor out = ember::clone(self);
  scatter_reduce_(out, dim, index, src, reduce, include_self);
  return out;
}

const Tensor& index_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                            std::string_view reduce, bool include_self) {
  detail::noteWrite(self);
  const Reduce op = parseIndexReduceName(reduce);
  dim = wrapDim(dim, self.dim());
  EMBER_CHECK(index.dtype() == kLong || index.dtype() == kInt,
              "index_reduce_(): Expected dtype int32 or int64 for index");
  checkIndexSlices("index_reduce_", self, dim, index, source);
  if (!include_self && self.dtype() == kBool) throwUnsupportedDtype("index_reduce_func_exclude_input_init", kBool);
  reduceInto(self, dim, broadcastIndex(index, source, dim), source, op, include_self);
  return self;
}
Tensor index_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                    std::string_view reduce, bool include_self) {
  Tensor out = ember::clone(self);
  index_reduce_(out, dim, index, source, reduce, include_self);
  return out;
}

const Tensor& index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  detail::noteWrite(self);
  dim = wrapDim(dim, self.dim());
  EMBER_CHECK(index.dtype() == kLong, "index_copy_(): Expected a long tensor for index, but got ", index.dtype());
  checkIndexSlices("index_copy_", self, dim, index, source);
  Tensor src = source.is_alias_of(self) ? ember::clone(source) : source;
  return scatter_(self, dim, broadcastIndex(index, src, dim), src);
}
Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  Tensor out = ember::clone(self);
  index_copy_(out, dim, index, source);
  return out;
}

const Tensor& masked_scatter_(const Tensor& self, const Tensor& mask, const Tensor& source) {
  detail::noteWrite(self);
  EMBER_CHECK(self.dtype() == source.dtype(), "masked_scatter: expected self and source to have same dtypes but got",
              self.dtype(), " and ", source.dtype());
  Tensor m = mask.dtype() == kBool ? mask : ne(mask, Scalar(int64_t{0}));
  m = expand(m, self.sizes());
  if (self.dim() == 0) {  // index_put_ needs a dim to mask: work on a [1] view of self
    masked_scatter_(reshape(self, {1}), reshape(m, {1}), source);
    return self;
  }
  const int64_t count = sum(m).item<int64_t>();
  EMBER_CHECK(count <= source.numel(), "Number of elements of source < number of ones in mask");
  if (count == 0) return self;
  Tensor values = narrow(reshape(source, {-1}), 0, 0, count);
  if (values.is_alias_of(self)) values = ember::clone(values);
  const std::optional<Tensor> indices(m);
  return index_put_(self, indices, values, false);
}
Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  DimVector shape = broadcastShapes(self.sizes(), mask.sizes());
  Tensor out = ember::clone(expand(self, shape), MemoryFormat::Contiguous);
  masked_scatter_(out, mask, source);
  return out;
}

const Tensor& put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  detail::noteWrite(self);
  EMBER_CHECK(index.dtype() == kLong, "put_(): Expected a long tensor for index, but got ", index.dtype());
  EMBER_CHECK(self.dtype() == source.dtype(), "put_(): self and source expected to have the same dtype, but got "
              "self.dtype = ", self.dtype(), " and source.dtype = ", source.dtype());
  EMBER_CHECK_KIND(Index, source.numel() == index.numel(),
                   "put_(): Expected source and index to have the same number of elements, but got source.numel() = ",
                   source.numel(), ", index.numel() = ", index.numel());
  const int64_t numel = self.numel();
  Tensor idx = contiguousOf(index);
  const int64_t* ip = idx.data_ptr<int64_t>();
  for (int64_t i = 0; i < idx.numel(); ++i)
    EMBER_CHECK_KIND(Index, ip[i] >= -numel && ip[i] < numel, "out of range: tried to access index ", ip[i],
                     " on a tensor of ", numel, " elements.");
  if (idx.numel() == 0) return self;
  const bool direct = self.is_contiguous();
  Tensor flat = direct ? reshape(self, {-1}) : reshape(ember::contiguous(self), {-1});
  Tensor values = reshape(source, {-1});
  if (values.is_alias_of(self)) values = ember::clone(values);
  const std::optional<Tensor> indices(reshape(idx, {-1}));
  index_put_(flat, indices, values, accumulate);
  if (!direct) {
    Tensor target = self;
    copy_(target, reshape(flat, self.sizes()));
  }
  return self;
}
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  Tensor out = ember::clone(self);
  put_(out, index, source, accumulate);
  return out;
}

Tensor diagonal_scatter(const Tensor& self, const Tensor& src, int64_t offset, int64_t dim1, int64_t dim2) {
  Tensor out = ember::clone(self, MemoryFormat::Contiguous);
  Tensor slice = diagonal(out, offset, dim1, dim2);
  EMBER_CHECK(slice.sizes() == src.sizes(), "expected src to have a size equal to the slice of self. src size = ",
              src.sizes(), ", slice size = ", slice.sizes());
  copy_(slice, src);
  return out;
}

Tensor as_strided_scatter(const Tensor& self, const Tensor& src, IntArrayRef size, IntArrayRef stride,
                          std::optional<int64_t> storage_offset) {
  Tensor out = ember::clone(self);
  Tensor slice = as_strided(out, size, stride, storage_offset);
  EMBER_CHECK(slice.sizes() == src.sizes(), "expected src to have a size equal to the slice of self. src size = ",
              src.sizes(), ", slice size = ", slice.sizes());
  copy_(slice, src);
  return out;
}

}  // namespace ember
