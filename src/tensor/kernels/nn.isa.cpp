// Vectorised row kernels of the NN families (see nn_kernels.h), written with compiler vector
// types so that each ISA copy gets its natural register width. The release build compiles at
// -O2, where GCC does not vectorise loops of run-time length on its own.
#include <cstring>
#include <type_traits>

#include "tensor/kernels/nn_kernels.h"
#include "tensor/kernels/vector_register.h"

namespace ember::nn::EMBER_ISA_NAMESPACE(EMBER_ISA) {
namespace {

using ::ember::EMBER_ISA_NAMESPACE(EMBER_ISA)::Vec;

// max with NaN propagation, as PyTorch's pooling (`x > m || isnan(x)`): x wins when greater or
// NaN; a NaN already in m stays because no comparison with it is true.
template <typename T>
inline T maxNan(T m, T x) {
  return (x > m || x != x) ? x : m;
}

template <typename T>
void maxInto(T* acc, const T* src, int64_t n) {
  using V = Vec<T>;
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) {
    auto m = V::load(acc + i), x = V::load(src + i);
    auto take = (x > m) | (x != x);
    V::store(acc + i, take ? x : m);
  }
  // A max folded twice is the same max, so the ragged end of a row of at least one vector is one
  // more vector ending at n (pooling rows such as 110 floats otherwise spend a third of their
  // time in the scalar loop); acc and src must then not overlap partially, which no caller does.
  if (i < n && n >= V::kWidth && (acc + n <= src || src + n <= acc || acc == src)) {
    i = n - V::kWidth;
    auto m = V::load(acc + i), x = V::load(src + i);
    auto take = (x > m) | (x != x);
    V::store(acc + i, take ? x : m);
    return;
  }
  for (; i < n; ++i) acc[i] = maxNan(acc[i], src[i]);
}

template <typename T>
void maxOfRows(T* dst, const T* const* rows, int64_t count, int64_t n) {
  using V = Vec<T>;
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) {
    auto m = V::load(rows[0] + i);
    for (int64_t r = 1; r < count; ++r) {
      auto x = V::load(rows[r] + i);
      m = ((x > m) | (x != x)) ? x : m;
    }
    V::store(dst + i, m);
  }
  for (; i < n; ++i) {
    T m = rows[0][i];
    for (int64_t r = 1; r < count; ++r) m = maxNan(m, rows[r][i]);
    dst[i] = m;
  }
}

// dst[j] = max over t < k of row[2j + t]: the horizontal pass of max pooling with stride 2.
// Each tap is the even lanes of two consecutive vectors, so the loop reads row[2 * (n - 1) + k],
// one element past the last tap; the caller's row has that slack.
template <typename T>
void maxStride2(T* dst, const T* row, int64_t n, int64_t k) {
  using V = Vec<T>;
  using Lane = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
  typedef Lane Mask __attribute__((vector_size(sizeof(typename V::Reg))));
  Mask even;
  for (int64_t l = 0; l < V::kWidth; ++l) even[l] = static_cast<Lane>(2 * l);
  int64_t j = 0;
  for (; j + V::kWidth <= n; j += V::kWidth) {
    const T* p = row + 2 * j;
    auto m = __builtin_shuffle(V::load(p), V::load(p + V::kWidth), even);
    for (int64_t t = 1; t < k; ++t) {
      auto x = __builtin_shuffle(V::load(p + t), V::load(p + t + V::kWidth), even);
      m = ((x > m) | (x != x)) ? x : m;
    }
    V::store(dst + j, m);
  }
  for (; j < n; ++j) {
    T m = row[2 * j];
    for (int64_t t = 1; t < k; ++t) m = maxNan(m, row[2 * j + t]);
    dst[j] = m;
  }
}

template <typename T>
void addInto(T* acc, const T* src, int64_t n) {
  using V = Vec<T>;
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) V::store(acc + i, V::load(acc + i) + V::load(src + i));
  for (; i < n; ++i) acc[i] += src[i];
}

template <typename T>
void scaleShift(T* out, const T* in, int64_t n, T scale, T shift) {
  using V = Vec<T>;
  const auto vs = V::set1(scale), vb = V::set1(shift);
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) V::store(out + i, V::load(in + i) * vs + vb);
  for (; i < n; ++i) out[i] = in[i] * scale + shift;
}

template <typename T>
void scaleShiftVec(T* out, const T* in, int64_t n, const T* scale, const T* shift) {
  using V = Vec<T>;
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth)
    V::store(out + i, V::load(in + i) * V::load(scale + i) + V::load(shift + i));
  for (; i < n; ++i) out[i] = in[i] * scale[i] + shift[i];
}

template <typename T>
void addScaleRows(T* out, const T* in, int64_t inStride, const T* b, int64_t rows, int64_t n, T scale) {
  using V = Vec<T>;
  const auto vs = V::set1(scale);
  for (int64_t r = 0; r < rows; ++r, out += n, in += inStride) {
    int64_t i = 0;
    for (; i + V::kWidth <= n; i += V::kWidth) V::store(out + i, (V::load(in + i) + V::load(b + i)) * vs);
    for (; i < n; ++i) out[i] = (in[i] + b[i]) * scale;
  }
}

template <typename T, bool kW, bool kB>
void normAffineLoop(T* out, const T* in, int64_t n, T scale, T shift, const T* w, const T* b) {
  using V = Vec<T>;
  const auto vs = V::set1(scale), vh = V::set1(shift);
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) {
    auto y = V::load(in + i) * vs + vh;
    if constexpr (kW) y = y * V::load(w + i);
    if constexpr (kB) y = y + V::load(b + i);
    V::store(out + i, y);
  }
  for (; i < n; ++i) {
    T y = in[i] * scale + shift;
    if constexpr (kW) y = y * w[i];
    if constexpr (kB) y = y + b[i];
    out[i] = y;
  }
}

template <typename T>
void normAffine(T* out, const T* in, int64_t n, T scale, T shift, const T* w, const T* b) {
  if (w && b) return normAffineLoop<T, true, true>(out, in, n, scale, shift, w, b);
  if (w) return normAffineLoop<T, true, false>(out, in, n, scale, shift, w, b);
  if (b) return normAffineLoop<T, false, true>(out, in, n, scale, shift, w, b);
  normAffineLoop<T, false, false>(out, in, n, scale, shift, w, b);
}

template <typename T>
void blend(T* out, const T* a, const T* b, int64_t n, T wa, T wb) {
  using V = Vec<T>;
  const auto va = V::set1(wa), vb = V::set1(wb);
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) V::store(out + i, V::load(a + i) * va + V::load(b + i) * vb);
  for (; i < n; ++i) out[i] = a[i] * wa + b[i] * wb;
}

template <typename T>
void bilinear(T* out, const T* a, const T* b, const T* c, const T* d, int64_t n, T wa, T wb, T wc, T wd) {
  using V = Vec<T>;
  const auto va = V::set1(wa), vb = V::set1(wb), vc = V::set1(wc), vd = V::set1(wd);
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) {
    auto top = V::load(a + i) * va + V::load(b + i) * vb;
    auto bottom = V::load(c + i) * va + V::load(d + i) * vb;
    V::store(out + i, top * vc + bottom * vd);
  }
  for (; i < n; ++i) out[i] = (a[i] * wa + b[i] * wb) * wc + (c[i] * wa + d[i] * wb) * wd;
}

// Four independent accumulators hide the add latency and keep rounding error low on long rows.
template <typename T>
T sum(const T* in, int64_t n) {
  using V = Vec<T>;
  typename V::Reg a0{}, a1{}, a2{}, a3{};
  int64_t i = 0;
  for (; i + 4 * V::kWidth <= n; i += 4 * V::kWidth) {
    a0 += V::load(in + i);
    a1 += V::load(in + i + V::kWidth);
    a2 += V::load(in + i + 2 * V::kWidth);
    a3 += V::load(in + i + 3 * V::kWidth);
  }
  for (; i + V::kWidth <= n; i += V::kWidth) a0 += V::load(in + i);
  auto acc = (a0 + a1) + (a2 + a3);
  T s = 0;
  for (int64_t j = 0; j < V::kWidth; ++j) s += acc[j];
  for (; i < n; ++i) s += in[i];
  return s;
}

template <typename T>
T sumSqDev(const T* in, int64_t n, T mean) {
  using V = Vec<T>;
  const auto vm = V::set1(mean);
  typename V::Reg a0{}, a1{};
  int64_t i = 0;
  for (; i + 2 * V::kWidth <= n; i += 2 * V::kWidth) {
    auto d0 = V::load(in + i) - vm, d1 = V::load(in + i + V::kWidth) - vm;
    a0 += d0 * d0;
    a1 += d1 * d1;
  }
  for (; i + V::kWidth <= n; i += V::kWidth) {
    auto d = V::load(in + i) - vm;
    a0 += d * d;
  }
  auto acc = a0 + a1;
  T s = 0;
  for (int64_t j = 0; j < V::kWidth; ++j) s += acc[j];
  for (; i < n; ++i) s += (in[i] - mean) * (in[i] - mean);
  return s;
}

template <typename T>
constexpr RowKernels<T> kKernels{&maxInto<T>,    &maxOfRows<T>, &maxStride2<T>, &addInto<T>,  &scaleShift<T>,
                                 &scaleShiftVec<T>, &addScaleRows<T>, &normAffine<T>, &blend<T>, &bilinear<T>,
                                 &sum<T>,        &sumSqDev<T>};

}  // namespace

template <typename T>
const RowKernels<T>& nnRowKernels() {
  return kKernels<T>;
}
template const RowKernels<float>& nnRowKernels<float>();
template const RowKernels<double>& nnRowKernels<double>();

}  // namespace ember::nn::EMBER_ISA_NAMESPACE(EMBER_ISA)

#if defined(EMBER_ISA_DEFAULT)
namespace ember::nn {
template <typename T>
const RowKernels<T>& nnRowKernels() {
  static const RowKernels<T>& chosen = [] () -> const RowKernels<T>& {
    switch (cpuCapability()) {
      case CpuCapability::AVX512: return isa_AVX512::nnRowKernels<T>();
      case CpuCapability::AVX2: return isa_AVX2::nnRowKernels<T>();
      default: return isa_DEFAULT::nnRowKernels<T>();
    }
  }();
  return chosen;
}
template const RowKernels<float>& nnRowKernels<float>();
template const RowKernels<double>& nnRowKernels<double>();
}  // namespace ember::nn
#endif
