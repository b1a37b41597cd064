// Factories from sizes and values: empty, fill_, zeros/ones/full, *_like and new_*.
#include "ember/tensor/ops/factory.h"

#include <algorithm>
#include <numeric>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"
#include "scalar_convert.h"
#include "strided_loop.h"
#include "type_promotion.h"
#include "tensor/storage_watch.h"

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

template <typename T>
void fillWith(const Tensor& self, T value) {
  const int64_t n = self.numel();
  if (n == 0) return;
  T* base = self.data_ptr<T>();
  if (self.is_contiguous()) {
    parallelFor(0, n, kGrainSize, [&](int64_t b, int64_t e) { std::fill(base + b, base + e, value); });
    return;
  }
  StridedLoop<1> loop(self.sizes(), {self.strides()}, {static_cast<int64_t>(sizeof(T))});
  auto inner = [value](char* const* ptrs, const int64_t* strides, int64_t cnt) {
    char* p = ptrs[0];
    for (int64_t i = 0; i < cnt; ++i) *reinterpret_cast<T*>(p + i * strides[0]) = value;
  };
  std::array<char*, 1> ptrs{reinterpret_cast<char*>(base)};
  // Overlapping views (expanded dims) are written serially so no two threads share an element.
  if (self.is_non_overlapping_and_dense()) loop.runParallel(ptrs, inner);
  else loop.run(ptrs, 0, loop.numel(), inner);
}

// The permutation-preserving dense strides PyTorch gives a *_like result of a strided input
// that is not dense: dims sorted by stride (stable, 0-strides stay put), then packed.
DimVector denseStridesLike(IntArrayRef sizes, IntArrayRef strides) {
  const int64_t nd = static_cast<int64_t>(sizes.size());
  DimVector perm(static_cast<size_t>(nd));
  for (int64_t i = 0; i < nd; ++i) perm[i] = nd - 1 - i;  // innermost first
  auto order = [&](int64_t a, int64_t b) {  // >0: a must move outside b
    if (strides[a] == 0 || strides[b] == 0) return 0;
    if (strides[a] != strides[b]) return strides[a] < strides[b] ? -1 : 1;
    return sizes[a] > sizes[b] ? 1 : 0;
  };
  for (int64_t i = 1; i < nd; ++i) {
    int64_t cur = i;
    for (int64_t j = i - 1; j >= 0; --j) {
      int c = order(perm[j], perm[cur]);
      if (c > 0) {
        std::swap(perm[j], perm[cur]);
        cur = j;
      } else if (c < 0) {
        break;
      }
    }
  }
  DimVector out(static_cast<size_t>(nd));
  int64_t stride = 1;
  for (int64_t i = 0; i < nd; ++i) {
    out[perm[i]] = stride;
    if (sizes[perm[i]] > 1) stride *= sizes[perm[i]];
  }
  return out;
}

DimVector channelsLastStrides(IntArrayRef sizes) {
  EMBER_CHECK(sizes.size() == 4 || sizes.size() == 5, "required rank ", sizes.size() == 4 ? 4 : 5,
              " tensor to use channels_last format");
  // Dim order from innermost: C, then W, H(, D), then N.
  DimVector strides(sizes.size());
  SmallVector<int64_t, 5> order{1};
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 2; --d) order.push_back(d);
  order.push_back(0);
  int64_t s = 1;
  for (int64_t d : order) {
    strides[d] = s;
    s *= std::max<int64_t>(sizes[d], 1);
  }
  return strides;
}

TensorOptions withDtypeOf(const Tensor& self, TensorOptions options) {
  if (!options.dtype_) options.dtype_ = self.dtype();
  return options;
}
}  // namespace

Tensor empty(IntArrayRef sizes, TensorOptions options) {
  ScalarType dtype = options.dtypeOrDefault();
  if (EMBER_UNLIKELY(!isSupportedScalarType(dtype) || !options.device_.isCpu() || sizes.size() > 5)) {
    DimVector strides = contiguousStrides(sizes);
    return empty_strided(sizes, strides, options);
  }
  // One pass computes the strides (as contiguousStrides: zero-size dims count as 1) and the
  // element count, checked for overflow.
  int64_t strides[5];
  int64_t product = 1;
  bool hasZero = false;
  for (size_t i = sizes.size(); i-- > 0;) {
    int64_t s = sizes[i];
    EMBER_CHECK(s >= 0, "Trying to create tensor with negative dimension ", s, ": ", sizes);
    strides[i] = product;
    hasZero |= s == 0;
    EMBER_CHECK(!__builtin_mul_overflow(product, std::max<int64_t>(s, 1), &product), "numel of tensor with sizes ",
                sizes, " overflows int64");
  }
  int64_t count = hasZero ? 0 : product;
  int64_t bytes;
  EMBER_CHECK(!__builtin_mul_overflow(count, static_cast<int64_t>(elementSize(dtype)), &bytes), "tensor of sizes ",
              sizes, " is too large");
  Tensor t(makeIntrusive<TensorImpl>(TensorImpl::ContiguousTag{}, Storage::allocate(static_cast<size_t>(bytes)), dtype,
                                     sizes, IntArrayRef(strides, sizes.size()), count));
  if (options.requires_grad_) t.set_requires_grad(true);
  return t;
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

Tensor& fill_(Tensor& self, const Scalar& value) {
  detail::noteWrite(self);
  EMBER_CHECK(self.defined(), "fill_: expected a defined tensor");
  if (self.is_complex()) {
    // (re, im) into the real view's two columns; a real value has im 0.
    Tensor pairs = view_as_real(self);
    Tensor re = select(pairs, -1, 0), im = select(pairs, -1, 1);
    const std::complex<double> c = value.toComplexDouble();
    fill_(re, value.isIntegral(false) ? value : Scalar(c.real()));
    fill_(im, Scalar(c.imag()));
    return self;
  }
  visitDtype(self.dtype(), [&]<typename T>() { fillWith<T>(self, checkedScalarTo<T>(value)); }, "fill_");
  return self;
}

Tensor& fill_(Tensor& self, const Tensor& value) {
  detail::noteWrite(self);
  EMBER_CHECK(value.dim() == 0, "fill_ only supports 0-dimension value tensor but got tensor with ", value.dim(),
              " dimensions.");
  return fill_(self, value.item());
}

Tensor& zero_(Tensor& self) { return fill_(self, Scalar(int64_t{0})); }

Tensor zeros(IntArrayRef sizes, TensorOptions options) {
  Tensor t = empty(sizes, options);
  return zero_(t);
}

Tensor ones(IntArrayRef sizes, TensorOptions options) {
  Tensor t = empty(sizes, options);
  return fill_(t, Scalar(int64_t{1}));
}

Tensor full(IntArrayRef sizes, const Scalar& fill_value, TensorOptions options) {
  if (!options.dtype_) {
    options.dtype_ = fill_value.isBoolean()         ? kBool
                     : fill_value.isIntegral(false) ? kLong
                     : fill_value.isComplex()       ? wrappedScalarType(fill_value)
                                                    : defaultDtype();
  }
  Tensor t = empty(sizes, options);
  return fill_(t, fill_value);
}

Tensor scalar_tensor(const Scalar& value, TensorOptions options) {
  Tensor t = empty({}, options);
  return fill_(t, value);
}

DimVector likeStrides(const Tensor& self, MemoryFormat memory_format) {
  switch (memory_format) {
    case MemoryFormat::Contiguous:
      return contiguousStrides(self.sizes());
    case MemoryFormat::ChannelsLast:
    case MemoryFormat::ChannelsLast3d:
      return channelsLastStrides(self.sizes());
    case MemoryFormat::Preserve:
      break;
  }
  if (self.is_non_overlapping_and_dense()) return DimVector(self.strides());
  return denseStridesLike(self.sizes(), self.strides());
}

Tensor empty_like(const Tensor& self, TensorOptions options, std::optional<MemoryFormat> memory_format) {
  EMBER_CHECK(self.defined(), "empty_like: expected a defined tensor");
  DimVector strides = likeStrides(self, memory_format.value_or(MemoryFormat::Preserve));
  return empty_strided(self.sizes(), strides, withDtypeOf(self, options));
}

Tensor zeros_like(const Tensor& self, TensorOptions options, std::optional<MemoryFormat> memory_format) {
  Tensor t = empty_like(self, options, memory_format);
  return zero_(t);
}

Tensor ones_like(const Tensor& self, TensorOptions options, std::optional<MemoryFormat> memory_format) {
  Tensor t = empty_like(self, options, memory_format);
  return fill_(t, Scalar(int64_t{1}));
}

Tensor full_like(const Tensor& self, const Scalar& fill_value, TensorOptions options,
                 std::optional<MemoryFormat> memory_format) {
  Tensor t = empty_like(self, options, memory_format);
  return fill_(t, fill_value);
}

// ---- methods ----
Tensor& Tensor::fill_(const Scalar& value) { return ember::fill_(*this, value); }
Tensor& Tensor::fill_(const Tensor& value) { return ember::fill_(*this, value); }
Tensor& Tensor::zero_() { return ember::zero_(*this); }
Tensor Tensor::new_empty(IntArrayRef sizes, TensorOptions options) const {
  return ember::empty(sizes, withDtypeOf(*this, options));
}
Tensor Tensor::new_zeros(IntArrayRef sizes, TensorOptions options) const {
  return ember::zeros(sizes, withDtypeOf(*this, options));
}
Tensor Tensor::new_ones(IntArrayRef sizes, TensorOptions options) const {
  return ember::ones(sizes, withDtypeOf(*this, options));
}
Tensor Tensor::new_full(IntArrayRef sizes, const Scalar& fill_value, TensorOptions options) const {
  return ember::full(sizes, fill_value, withDtypeOf(*this, options));
}

}  // namespace ember
