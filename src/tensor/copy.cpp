// copy_ (with broadcasting and dtype conversion) and the ops built on it: to, type_as,
// contiguous, clone, detach.
#include <algorithm>
#include <cstring>

#include "complex_dispatch.h"
#include "copy_kernel.h"
#include "dtype_convert.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "strided_loop.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

// Strides of `src` broadcast to `shape` (0 along broadcast dims), with PyTorch's errors.
DimVector broadcastStridesForCopy(const Tensor& self, const Tensor& src) {
  IntArrayRef out = self.sizes(), in = src.sizes();
  const int64_t n = static_cast<int64_t>(out.size()), m = static_cast<int64_t>(in.size());
  const int64_t nd = std::max(n, m);
  DimVector shape(static_cast<size_t>(nd));
  for (int64_t i = nd - 1; i >= 0; --i) {
    int64_t a = i - (nd - n) >= 0 ? out[i - (nd - n)] : 1;
    int64_t b = i - (nd - m) >= 0 ? in[i - (nd - m)] : 1;
    EMBER_CHECK(a == b || a == 1 || b == 1, "The size of tensor a (", a, ") must match the size of tensor b (", b,
                ") at non-singleton dimension ", i);
    shape[i] = a == 1 ? b : a;
  }
  EMBER_CHECK(IntArrayRef(shape) == out, "output with shape ", out, " doesn't match the broadcast shape ",
              IntArrayRef(shape));
  DimVector strides(static_cast<size_t>(n), 0);
  for (int64_t d = 0; d < n; ++d) {
    int64_t sd = d - (n - m);
    if (sd >= 0 && in[sd] != 1) strides[d] = src.strides()[sd];
  }
  return strides;
}

// PyTorch's has_internal_overlap: only a size>1 dim of stride 0 is known to overlap.
bool hasInternalOverlap(const Tensor& t) {
  if (t.is_non_overlapping_and_dense()) return false;
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.sizes()[d] > 1 && t.strides()[d] == 0) return true;
  return false;
}

// Byte range [begin, end) that a tensor's elements may touch.
std::pair<const char*, const char*> byteSpan(const Tensor& t) {
  const char* begin = static_cast<const char*>(t.data_ptr());
  int64_t last = 0;
  for (int64_t d = 0; d < t.dim(); ++d) last += (t.sizes()[d] - 1) * t.strides()[d];
  return {begin, begin + (last + 1) * static_cast<int64_t>(t.element_size())};
}

enum class Overlap { None, Full, Partial, Unknown };

// PyTorch's get_overlap_status: exact only for non-overlapping dense tensors.
Overlap overlapStatus(const Tensor& a, const Tensor& b) {
  if (a.numel() == 0 || b.numel() == 0 || !a.is_alias_of(b)) return Overlap::None;
  auto [ab, ae] = byteSpan(a);
  auto [bb, be] = byteSpan(b);
  if (ae <= bb || be <= ab) return Overlap::None;
  if (!a.is_non_overlapping_and_dense() || !b.is_non_overlapping_and_dense()) return Overlap::Unknown;
  if (ab == bb && ae == be) return a.strides() == b.strides() ? Overlap::Full : Overlap::Partial;
  return Overlap::Partial;
}

template <typename U>
void copySameSize(char* const* p, const int64_t* s, int64_t n) {
  char* dst = p[0];
  const char* src = p[1];
  if (s[0] == static_cast<int64_t>(sizeof(U)) && s[1] == static_cast<int64_t>(sizeof(U))) {
    std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(U));
    return;
  }
  for (int64_t i = 0; i < n; ++i) std::memcpy(dst + i * s[0], src + i * s[1], sizeof(U));
}

// Blocks of whole runs (StridedLoop::runRowsRef): a transposed view's copy is many short runs
// (a transformer's heads merged back: rows of 32-64 floats), and the walk per run cost more
// than the copy.
template <typename U>
void copySameSizeRows(char* const* p, const int64_t* s, int64_t n, int64_t rows, const int64_t* rs) {
  char* q[2] = {p[0], p[1]};
  for (int64_t r = 0; r < rows; ++r, q[0] += rs[0], q[1] += rs[1]) copySameSize<U>(q, s, n);
}

template <typename To, typename From>
void convertRun(char* const* p, const int64_t* s, int64_t n) {
  char* dst = p[0];
  const char* src = p[1];
  if (s[0] == static_cast<int64_t>(sizeof(To)) && s[1] == static_cast<int64_t>(sizeof(From))) {
    To* d = reinterpret_cast<To*>(dst);
    const From* f = reinterpret_cast<const From*>(src);
    for (int64_t i = 0; i < n; ++i) d[i] = detail::convertValue<To>(f[i]);
    return;
  }
  for (int64_t i = 0; i < n; ++i) {
    From v;
    std::memcpy(&v, src + i * s[1], sizeof(From));
    To r = detail::convertValue<To>(v);
    std::memcpy(dst + i * s[0], &r, sizeof(To));
  }
}

// convertRun for pairs with a complex dtype.
template <typename To, typename From>
void convertAnyRun(char* const* p, const int64_t* s, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    From v;
    std::memcpy(&v, p[1] + i * s[1], sizeof(From));
    To r = convertAny<To>(v);
    std::memcpy(p[0] + i * s[0], &r, sizeof(To));
  }
}

// Elements copied per task: a memcpy moves bytes quickly, so chunks are larger than for math.
constexpr int64_t kCopyGrain = 4 * kGrainSize;

// Columns [c0, c1) of a Rows x cols matrix `a`, transposed into `b` (cols x Rows).
template <int Rows>
void interleaveRows(const uint32_t* a, uint32_t* b, int64_t cols, int64_t c0, int64_t c1) {
  for (int64_t c = c0; c < c1; ++c)
    for (int r = 0; r < Rows; ++r) b[c * Rows + r] = a[r * cols + c];
}

// NCHW <-> channels-last copies of 4-byte elements: per image, a rows x cols matrix transposed in
// 16x16 tiles. The strided loop ran them with C as its innermost run, 3 elements for an RGB
// image: 0.35-0.55 ms for 1x3x224x224, the entry conversion of a channels-last convolution net,
// against ~0.1 ms here.
bool copyLayoutTranspose(const Tensor& dst, const void* srcData, ScalarType srcDtype, IntArrayRef srcStrides) {
  if (dst.dim() != 4 || dst.dtype() != srcDtype || dst.element_size() != 4 || dst.numel() == 0) return false;
  const int64_t N = dst.size(0), C = dst.size(1), HW = dst.size(2) * dst.size(3);
  const DimVector nchw{C * HW, HW, dst.size(3), 1};
  const DimVector nhwc{C * HW, 1, dst.size(3) * C, C};
  // Size-1 dims may have any stride (the copy's source strides are 0 there: one image).
  const IntArrayRef sizes = dst.sizes();
  auto is = [&](IntArrayRef a, const DimVector& b) {
    for (size_t d = 0; d < 4; ++d)
      if (sizes[d] != 1 && a[d] != b[d]) return false;
    return true;
  };
  int64_t rows = 0, cols = 0;  // of the source matrix of one image
  if (is(dst.strides(), nhwc) && is(srcStrides, nchw)) {
    rows = C;
    cols = HW;
  } else if (is(dst.strides(), nchw) && is(srcStrides, nhwc)) {
    rows = HW;
    cols = C;
  } else {
    return false;
  }
  if (C == 1 || HW == 1) return false;  // both layouts are the same bytes then
  constexpr int64_t kTile = 16;
  const int64_t colTiles = (cols + kTile - 1) / kTile;
  const auto* src = static_cast<const uint32_t*>(srcData);
  auto* out = static_cast<uint32_t*>(dst.data_ptr());
  parallelFor(0, N * colTiles, std::max<int64_t>(1, kCopyGrain / (rows * kTile)), [&](int64_t t0, int64_t t1) {
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t n = t / colTiles, c0 = (t % colTiles) * kTile, c1 = std::min(cols, c0 + kTile);
      const uint32_t* a = src + n * rows * cols;
      uint32_t* b = out + n * rows * cols;
      if (rows == 3) {  // an RGB image to channels-last: the rows' count known to the compiler
        interleaveRows<3>(a, b, cols, c0, c1);
        continue;
      }
      for (int64_t r0 = 0; r0 < rows; r0 += kTile) {
        const int64_t r1 = std::min(rows, r0 + kTile);
        for (int64_t c = c0; c < c1; ++c)
          for (int64_t r = r0; r < r1; ++r) b[c * rows + r] = a[r * cols + c];
      }
    }
  });
  return true;
}

void copyKernel(const Tensor& self, const Tensor& src, IntArrayRef srcStrides) {
  const bool denseSame = self.dtype() == src.dtype() && self.is_contiguous() && src.is_contiguous() &&
                         src.numel() == self.numel();
  if (denseSame) {
    char* dst = static_cast<char*>(self.data_ptr());
    const char* from = static_cast<const char*>(src.data_ptr());
    const int64_t esize = static_cast<int64_t>(self.element_size());
    parallelFor(0, self.numel(), kCopyGrain, [&](int64_t b, int64_t e) {
      std::memcpy(dst + b * esize, from + b * esize, static_cast<size_t>((e - b) * esize));
    });
    return;
  }
  detail::copyStridedUnchecked(self, src.data_ptr(), src.dtype(), srcStrides);
}

// Whether `t` is laid out as `memory_format` asks (size-1 dims may have any stride).
bool hasLayout(const Tensor& t, MemoryFormat memory_format) {
  if (memory_format == MemoryFormat::Contiguous) return t.is_contiguous();
  if (t.numel() == 0) return true;
  DimVector want = likeStrides(t, memory_format);
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.sizes()[d] != 1 && t.strides()[d] != want[d]) return false;
  return true;
}

}  // namespace

namespace detail {

void copyStridedUnchecked(const Tensor& dst, const void* srcData, ScalarType srcDtype, IntArrayRef srcStrides) {
  if (copyLayoutTranspose(dst, srcData, srcDtype, srcStrides)) return;
  const ScalarType dt = dst.dtype();
  StridedLoop<2> loop(dst.sizes(), {dst.strides(), srcStrides},
                      {static_cast<int64_t>(elementSize(dt)), static_cast<int64_t>(elementSize(srcDtype))});
  std::array<char*, 2> base{static_cast<char*>(dst.data_ptr()), static_cast<char*>(const_cast<void*>(srcData))};
  if (dt == srcDtype) {
    switch (dst.element_size()) {
      case 1: loop.runRowsParallel(base, copySameSizeRows<uint8_t>, kCopyGrain); return;
      case 2: loop.runRowsParallel(base, copySameSizeRows<uint16_t>, kCopyGrain); return;
      case 4: loop.runRowsParallel(base, copySameSizeRows<uint32_t>, kCopyGrain); return;
      case 8: loop.runRowsParallel(base, copySameSizeRows<uint64_t>, kCopyGrain); return;
      case 16: loop.runRowsParallel(base, copySameSizeRows<std::complex<double>>, kCopyGrain); return;
      default: EMBER_UNREACHABLE("element size ", dst.element_size());
    }
  }
  if (isComplexType(dt) || isComplexType(srcDtype)) {
    visitDtypeOrComplex(dt, [&]<typename To>() {
      visitDtypeOrComplex(srcDtype, [&]<typename From>() { loop.runParallel(base, convertAnyRun<To, From>, kGrainSize); },
                          "copy_");
    }, "copy_");
    return;
  }
  visitDtype(dt, [&]<typename To>() {
    visitDtype(srcDtype, [&]<typename From>() { loop.runParallel(base, convertRun<To, From>, kGrainSize); }, "copy_");
  }, "copy_");
}

}  // namespace detail

Tensor& copy_(Tensor& self, const Tensor& src, bool non_blocking) {
  detail::noteWrite(self);
  copy_(static_cast<const Tensor&>(self), src, non_blocking);
  return self;
}

const Tensor& copy_(const Tensor& self, const Tensor& src, bool /*non_blocking*/) {
  detail::noteWrite(self);
  EMBER_CHECK(self.defined() && src.defined(), "copy_: expected defined tensors");
  if (self.is_same(src)) return self;
  EMBER_CHECK(isSupportedScalarType(self.dtype()) && isSupportedScalarType(src.dtype()),
              "copy_: unsupported dtypes ", self.dtype(), " and ", src.dtype());
  const bool sameData = self.is_alias_of(src) && self.storage_offset() == src.storage_offset() &&
                        self.sizes() == src.sizes() && self.strides() == src.strides() &&
                        self.dtype() == src.dtype();
  if (sameData) return self;
  DimVector srcStrides = broadcastStridesForCopy(self, src);
  EMBER_CHECK(!hasInternalOverlap(self),
              "unsupported operation: more than one element of the written-to tensor refers to a single memory "
              "location. Please clone() the tensor before performing the operation.");
  Overlap ov = overlapStatus(self, src);
  EMBER_CHECK(ov != Overlap::Partial,
              "unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
              "single memory location. Please clone() the tensor before performing the operation.");
  if (self.numel() == 0) return self;
  if (ov == Overlap::Unknown) {
    // Reading and writing overlapping memory in one pass could see already-written values:
    // stage the source in fresh memory first.
    Tensor staged = empty(src.sizes(), src.dtype());
    copyKernel(staged, src, src.strides());
    copyKernel(self, staged, broadcastStridesForCopy(self, staged));
    return self;
  }
  copyKernel(self, src, srcStrides);
  return self;
}

Tensor to(const Tensor& self, ScalarType dtype, bool non_blocking, bool copy,
          std::optional<MemoryFormat> memory_format) {
  if (self.dtype() == dtype && !copy && (!memory_format || *memory_format == MemoryFormat::Preserve ||
                                         hasLayout(self, *memory_format)))
    return self;
  Tensor result = empty_like(self, dtype, memory_format.value_or(MemoryFormat::Preserve));
  copy_(result, self, non_blocking);
  return result;
}

Tensor type_as(const Tensor& self, const Tensor& other) { return to(self, other.dtype()); }

Tensor contiguous(const Tensor& self, MemoryFormat memory_format) {
  EMBER_CHECK(memory_format != MemoryFormat::Preserve, "preserve memory format is unsupported by the contiguous operator");
  if (hasLayout(self, memory_format)) return self;
  return clone(self, memory_format);
}

Tensor clone(const Tensor& self, std::optional<MemoryFormat> memory_format) {
  Tensor result = empty_like(self, {}, memory_format.value_or(MemoryFormat::Preserve));
  copy_(result, self);
  return result;
}

Tensor detach(const Tensor& self) {
  return Tensor(makeIntrusive<TensorImpl>(self.storage(), self.dtype(), self.storage_offset(), self.sizes(),
                                          self.strides()));
}

const Tensor& Tensor::copy_(const Tensor& src, bool non_blocking) const {
  return ember::copy_(*this, src, non_blocking);
}
Tensor Tensor::to(ScalarType dtype, bool non_blocking, bool copy) const {
  return ember::to(*this, dtype, non_blocking, copy);
}
Tensor Tensor::type_as(const Tensor& other) const { return ember::type_as(*this, other); }
Tensor Tensor::contiguous() const { return ember::contiguous(*this); }
Tensor Tensor::clone() const { return ember::clone(*this); }
Tensor Tensor::detach() const { return ember::detach(*this); }

}  // namespace ember
