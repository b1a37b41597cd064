// Tensor: a strided view (sizes, strides, offset, dtype) of a Storage. Copying a Tensor copies
// a reference; views share the storage, so in-place writes through one view are seen by all.
//
// Naming: tensor ops and Tensor methods carry PyTorch's operator names (`index_put_`,
// `log_softmax`), so they are snake_case; everything else in ember is camelCase
// (docs/internals/style.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "ember/array_ref.h"
#include "ember/intrusive_ptr.h"
#include "ember/small_vector.h"
#include "ember/tensor/scalar.h"
#include "ember/tensor/scalar_type.h"
#include "ember/tensor/storage.h"
#include "ember/tensor/tensor_options.h"

namespace ember {

class Tensor;
class Generator;

// The sequence lengths that make a tensor nested (torch.nested). ember holds a nested tensor of
// B sequences [len_b, *] as its padded form [B, max len_b, *] (sequence b in rows [0, len_b),
// zeros elsewhere) plus these lengths: the ops of the transformer fast path read them
// (ember/tensor/ops/transformer.h); every other op sees the padded tensor.
struct NestedSizes : RefCounted {
  std::vector<int64_t> lengths;
};

// The state behind a Tensor. Sizes and strides are held inline for up to 5 dims.
class TensorImpl : public RefCounted {
 public:
  TensorImpl(Storage storage, ScalarType dtype, int64_t storageOffset, IntArrayRef sizes, IntArrayRef strides);
  // A contiguous tensor whose strides and numel the caller has already computed (the fast path
  // of `empty`).
  struct ContiguousTag {};
  TensorImpl(ContiguousTag, Storage storage, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides, int64_t numel)
      : storage_(std::move(storage)), sizes_(sizes), strides_(strides), numel_(numel), dtype_(dtype) {}

  // Pooled per thread (src/tensor/object_pool.h): results of small ops allocate no memory.
  static void* operator new(size_t size);
  static void operator delete(void* p, size_t size);

  const Storage& storage() const { return storage_; }
  ScalarType dtype() const { return dtype_; }
  int64_t storageOffset() const { return storageOffset_; }
  IntArrayRef sizes() const { return sizes_; }
  IntArrayRef strides() const { return strides_; }
  int64_t numel() const { return numel_; }
  bool isContiguous() const { return isContiguous_; }
  bool requiresGrad() const { return requiresGrad_; }
  void setRequiresGrad(bool r) { requiresGrad_ = r; }
  // A 0-dim tensor made from a Python number (`x + 2`): it takes part in type promotion only
  // by category (see type_promotion.h).
  bool isWrappedNumber() const { return isWrappedNumber_; }
  void setWrappedNumber(bool w) { isWrappedNumber_ = w; }

  // Re-points this impl (used by out= variants, resize_, set_ and as_strided_).
  void setSizesAndStrides(IntArrayRef sizes, IntArrayRef strides, std::optional<int64_t> storageOffset = std::nullopt);
  void setStorage(Storage storage) { storage_ = std::move(storage); }
  void setDtype(ScalarType t) { dtype_ = t; }
  // Non-null for a nested tensor; views and results of other ops are plain tensors.
  const NestedSizes* nestedSizes() const { return nested_.get(); }
  void setNestedSizes(IntrusivePtr<NestedSizes> n) { nested_ = std::move(n); }

 private:
  void refreshDerived();

  Storage storage_;
  DimVector sizes_;
  DimVector strides_;
  int64_t storageOffset_ = 0;
  int64_t numel_ = 1;
  ScalarType dtype_;
  bool isContiguous_ = true;
  bool requiresGrad_ = false;
  bool isWrappedNumber_ = false;
  IntrusivePtr<NestedSizes> nested_;
};

class Tensor {
 public:
  Tensor() = default;  // undefined tensor (None in an optional tensor argument)
  explicit Tensor(IntrusivePtr<TensorImpl> impl) : impl_(std::move(impl)) {}
  // A view of `storage` with explicit geometry; checks that it fits in the storage.
  static Tensor make(Storage storage, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides,
                     int64_t storageOffset = 0);

  bool defined() const { return static_cast<bool>(impl_); }
  TensorImpl* impl() const { return impl_.get(); }
  const IntrusivePtr<TensorImpl>& implPtr() const { return impl_; }
  bool is_same(const Tensor& other) const { return impl_ == other.impl_; }
  uint32_t use_count() const { return impl_.useCount(); }

  // ---- geometry ----
  int64_t dim() const { return static_cast<int64_t>(impl_->sizes().size()); }
  int64_t ndimension() const { return dim(); }
  IntArrayRef sizes() const { return impl_->sizes(); }
  IntArrayRef strides() const { return impl_->strides(); }
  int64_t size(int64_t d) const;    // negative d counts from the end
  int64_t stride(int64_t d) const;
  int64_t numel() const { return impl_->numel(); }
  int64_t storage_offset() const { return impl_->storageOffset(); }
  bool is_contiguous() const { return impl_->isContiguous(); }
  bool is_non_overlapping_and_dense() const;

  // ---- element type, device, storage ----
  ScalarType scalar_type() const { return impl_->dtype(); }
  ScalarType dtype() const { return impl_->dtype(); }
  size_t element_size() const { return elementSize(dtype()); }
  size_t nbytes() const { return static_cast<size_t>(numel()) * element_size(); }
  Device device() const { return impl_->storage().device(); }
  bool is_cpu() const { return device().isCpu(); }
  bool is_cuda() const { return device().isCuda(); }
  bool is_floating_point() const { return isFloatingType(dtype()); }
  bool is_complex() const { return isComplexType(dtype()); }
  bool is_nested() const { return impl_->nestedSizes() != nullptr; }
  bool is_signed() const { return isSignedType(dtype()); }
  TensorOptions options() const { return TensorOptions(dtype()).device(device()); }
  const Storage& storage() const { return impl_->storage(); }
  bool is_alias_of(const Tensor& other) const { return storage().isAlias(other.storage()); }

  // Address of element 0 (storage data plus offset). The typed form checks the dtype.
  void* data_ptr() const;
  template <typename T>
  T* data_ptr() const {
    EMBER_CHECK(scalarTypeOf<T>() == dtype(), "expected scalar type ", scalarTypeOf<T>(),
                " but found ", dtype());
    return static_cast<T*>(data_ptr());
  }

  bool requires_grad() const { return impl_->requiresGrad(); }
  Tensor& set_requires_grad(bool r) {
    impl_->setRequiresGrad(r);
    return *this;
  }

  // ---- ops as methods: each op family declares its methods in its own file ----
#include "ember/tensor/methods/factory.inc"
#include "ember/tensor/methods/shape.inc"
#include "ember/tensor/methods/indexing.inc"
#include "ember/tensor/methods/pointwise.inc"
#include "ember/tensor/methods/unary.inc"
#include "ember/tensor/methods/reduce.inc"
#include "ember/tensor/methods/access.inc"
#include "ember/tensor/methods/linalg.inc"

 private:
  IntrusivePtr<TensorImpl> impl_;
};

// Contiguous strides for `sizes` (row-major), as PyTorch computes them (size-1 dims get the
// stride of the dim inside them, 0-size tensors keep strides of 1-sized dims).
DimVector contiguousStrides(IntArrayRef sizes);
// Product of sizes; throws on overflow of int64.
int64_t computeNumel(IntArrayRef sizes);
// Wraps a possibly negative dim into [0, ndim); PyTorch's IndexError text on failure.
int64_t wrapDim(int64_t dim, int64_t ndim, bool wrapScalar = true);

}  // namespace ember
