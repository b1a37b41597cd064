#include "ember/tensor/tensor.h"
#include "ember/tensor/autograd_hooks.h"
#include "tensor/object_pool.h"

#include <algorithm>
#include <atomic>
#include <limits>

namespace ember {

namespace {
std::atomic<ScalarType> gDefaultDtype{ScalarType::Float};
}

ScalarType defaultDtype() { return gDefaultDtype.load(std::memory_order_relaxed); }
void setDefaultDtype(ScalarType t) {
  EMBER_CHECK_KIND(Type, isFloatingType(t), "only floating-point types are supported as the default type");
  gDefaultDtype.store(t, std::memory_order_relaxed);
}

int64_t computeNumel(IntArrayRef sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) {
    EMBER_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", sizes);
    EMBER_CHECK(!__builtin_mul_overflow(n, s, &n), "numel of tensor with sizes ", sizes, " overflows int64");
  }
  return n;
}

DimVector contiguousStrides(IntArrayRef sizes) {
  DimVector strides(sizes.size());
  int64_t z = 1;
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 1; i >= 0; --i) {
    strides[i] = z;
    z *= std::max<int64_t>(sizes[i], 1);
  }
  return strides;
}

int64_t wrapDim(int64_t dim, int64_t ndim, bool wrapScalar) {
  if (ndim <= 0) {
    EMBER_CHECK_KIND(Index, wrapScalar, "dimension specified as ", dim, " but tensor has no dimensions");
    ndim = 1;
  }
  int64_t lo = -ndim, hi = ndim - 1;
  EMBER_CHECK_KIND(Index, dim >= lo && dim <= hi, "Dimension out of range (expected to be in range of [", lo,
                   ", ", hi, "], but got ", dim, ")");
  return dim < 0 ? dim + ndim : dim;
}

void* TensorImpl::operator new(size_t size) { return detail::ObjectPool<TensorImpl>::allocate(size); }
void TensorImpl::operator delete(void* p, size_t size) {
  if (detail::ImplFreedHook hook = detail::gTensorImplFreed.load(std::memory_order_relaxed)) hook(p);
  detail::ObjectPool<TensorImpl>::release(p, size);
}

TensorImpl::TensorImpl(Storage storage, ScalarType dtype, int64_t storageOffset, IntArrayRef sizes,
                       IntArrayRef strides)
    : storage_(std::move(storage)), sizes_(sizes), strides_(strides), storageOffset_(storageOffset), dtype_(dtype) {
  EMBER_ASSERT(sizes.size() == strides.size(), "sizes and strides differ in length");
  refreshDerived();
}

void TensorImpl::setSizesAndStrides(IntArrayRef sizes, IntArrayRef strides, std::optional<int64_t> storageOffset) {
  EMBER_ASSERT(sizes.size() == strides.size(), "sizes and strides differ in length");
  sizes_ = DimVector(sizes);
  strides_ = DimVector(strides);
  if (storageOffset) storageOffset_ = *storageOffset;
  refreshDerived();
}

void TensorImpl::refreshDerived() {
  numel_ = computeNumel(sizes_);
  isContiguous_ = true;
  if (numel_ == 0) return;
  int64_t expected = 1;
  for (int64_t i = static_cast<int64_t>(sizes_.size()) - 1; i >= 0; --i) {
    if (sizes_[i] == 1) continue;
    if (strides_[i] != expected) {
      isContiguous_ = false;
      return;
    }
    expected *= sizes_[i];
  }
}

Tensor Tensor::make(Storage storage, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides, int64_t storageOffset) {
  EMBER_CHECK(sizes.size() == strides.size(), "mismatch in length of strides and shape");
  EMBER_CHECK(storageOffset >= 0, "Tensor: invalid storage offset ", storageOffset);
  // The furthest element must lie inside the storage.
  int64_t numel = computeNumel(sizes);
  if (numel > 0) {
    int64_t last = storageOffset;
    for (size_t i = 0; i < sizes.size(); ++i) {
      EMBER_CHECK(strides[i] >= 0, "as_strided: Negative strides are not supported at the moment, got strides: ",
                  strides);
      int64_t span;
      EMBER_CHECK(!__builtin_mul_overflow(sizes[i] - 1, strides[i], &span) &&
                      !__builtin_add_overflow(last, span, &last),
                  "tensor geometry overflows int64");
    }
    int64_t needed;
    EMBER_CHECK(!__builtin_mul_overflow(last + 1, static_cast<int64_t>(elementSize(dtype)), &needed),
                "tensor geometry overflows int64");
    EMBER_CHECK(static_cast<uint64_t>(needed) <= storage.nbytes(), "setStorage: sizes ", sizes, ", strides ",
                strides, ", storage offset ", storageOffset, ", and itemsize ", elementSize(dtype),
                " requiring a storage size of ", needed, " are out of bounds for storage of size ",
                storage.nbytes());
  }
  return Tensor(makeIntrusive<TensorImpl>(std::move(storage), dtype, storageOffset, sizes, strides));
}

int64_t Tensor::size(int64_t d) const { return sizes()[wrapDim(d, dim(), false)]; }
int64_t Tensor::stride(int64_t d) const { return strides()[wrapDim(d, dim(), false)]; }

bool Tensor::is_non_overlapping_and_dense() const {
  if (is_contiguous()) return true;
  // Sort dims by stride; dense iff strides form a contiguous layout of some permutation.
  DimVector perm(static_cast<size_t>(dim()));
  for (int64_t i = 0; i < dim(); ++i) perm[i] = i;
  std::sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
    if (sizes()[a] < 2) return false;
    if (sizes()[b] < 2) return true;
    return strides()[a] < strides()[b];
  });
  int64_t expected = 1;
  for (int64_t i : perm) {
    if (sizes()[i] == 1) continue;
    if (strides()[i] != expected) return false;
    expected *= sizes()[i];
  }
  return true;
}

void* Tensor::data_ptr() const {
  EMBER_CHECK(defined(), "cannot access data of an undefined tensor");
  return static_cast<char*>(storage().data()) + storage_offset() * static_cast<int64_t>(element_size());
}

}  // namespace ember
