// Row operations of the NN families for every dtype: float32 and float64 go to the vectorised
// kernels of kernels/nn.isa.cpp, the other dtypes run the scalar loops here with the same
// contract (16-bit floats computed in float and rounded per element, as PyTorch's CPU kernels).
#pragma once

#include <type_traits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
#include "tensor/kernels/nn_kernels.h"

namespace ember::nn {

template <typename T>
constexpr bool kVectorised = std::is_same_v<T, float> || std::is_same_v<T, double>;

// The type sums and averages accumulate in: opmath for floats, int64 for integers.
template <typename T>
using acc_t = std::conditional_t<std::is_integral_v<T>, int64_t, opmath_t<T>>;

template <typename T>
inline bool isNan(T v) {
  if constexpr (std::is_integral_v<T>) {
    return false;
  } else {
    const auto f = static_cast<opmath_t<T>>(v);
    return f != f;
  }
}

// PyTorch's pooling comparison: x replaces the running max when greater or NaN.
template <typename T>
inline bool takesMax(T x, T m) {
  return static_cast<acc_t<T>>(x) > static_cast<acc_t<T>>(m) || isNan(x);
}

template <typename T>
struct RowOps {
  static void maxInto(T* acc, const T* src, int64_t n) {
    if constexpr (kVectorised<T>) {
      nnRowKernels<T>().maxInto(acc, src, n);
    } else {
      for (int64_t i = 0; i < n; ++i)
        if (takesMax(src[i], acc[i])) acc[i] = src[i];
    }
  }
  static void maxOfRows(T* dst, const T* const* rows, int64_t count, int64_t n) {
    if constexpr (kVectorised<T>) {
      nnRowKernels<T>().maxOfRows(dst, rows, count, n);
    } else {
      for (int64_t i = 0; i < n; ++i) {
        T m = rows[0][i];
        for (int64_t r = 1; r < count; ++r)
          if (takesMax(rows[r][i], m)) m = rows[r][i];
        dst[i] = m;
      }
    }
  }
  // Only for the vectorised dtypes (see RowKernels::maxStride2).
  static void maxStride2(T* dst, const T* row, int64_t n, int64_t k) {
    if constexpr (kVectorised<T>) {
      nnRowKernels<T>().maxStride2(dst, row, n, k);
    } else {
      for (int64_t j = 0; j < n; ++j) {
        T m = row[2 * j];
        for (int64_t t = 1; t < k; ++t)
          if (takesMax(row[2 * j + t], m)) m = row[2 * j + t];
        dst[j] = m;
      }
    }
  }
  // acc is in the accumulation type; for float/double that is T itself.
  static void addInto(acc_t<T>* acc, const T* src, int64_t n) {
    if constexpr (kVectorised<T>) {
      nnRowKernels<T>().addInto(acc, src, n);
    } else {
      for (int64_t i = 0; i < n; ++i) acc[i] += static_cast<acc_t<T>>(src[i]);
    }
  }
  static void scaleShift(T* out, const T* in, int64_t n, opmath_t<T> scale, opmath_t<T> shift) {
    if constexpr (kVectorised<T>) {
      nnRowKernels<T>().scaleShift(out, in, n, scale, shift);
    } else {
      for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(static_cast<opmath_t<T>>(in[i]) * scale + shift);
    }
  }
  static void scaleShiftVec(T* out, const T* in, int64_t n, const opmath_t<T>* scale, const opmath_t<T>* shift) {
    if constexpr (kVectorised<T>) {
      nnRowKernels<T>().scaleShiftVec(out, in, n, scale, shift);
    } else {
      for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(static_cast<opmath_t<T>>(in[i]) * scale[i] + shift[i]);
    }
  }
  // w and b are in T (the parameters' dtype) or null.
  static void normAffine(T* out, const T* in, int64_t n, opmath_t<T> scale, opmath_t<T> shift, const T* w,
                         const T* b) {
    if constexpr (kVectorised<T>) {
      nnRowKernels<T>().normAffine(out, in, n, scale, shift, w, b);
    } else {
      using C = opmath_t<T>;
      for (int64_t i = 0; i < n; ++i) {
        C y = static_cast<C>(in[i]) * scale + shift;
        if (w) y *= static_cast<C>(w[i]);
        if (b) y += static_cast<C>(b[i]);
        out[i] = static_cast<T>(y);
      }
    }
  }
  // out[i] = a[i] * wa + b[i] * wb (out may be a).
  static void blend(T* out, const T* a, const T* b, int64_t n, opmath_t<T> wa, opmath_t<T> wb) {
    if constexpr (kVectorised<T>) {
      nnRowKernels<T>().blend(out, a, b, n, wa, wb);
    } else {
      using C = opmath_t<T>;
      for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(static_cast<C>(a[i]) * wa + static_cast<C>(b[i]) * wb);
    }
  }
  static void bilinear(T* out, const T* a, const T* b, const T* c, const T* d, int64_t n, opmath_t<T> wa,
                       opmath_t<T> wb, opmath_t<T> wc, opmath_t<T> wd) {
    if constexpr (kVectorised<T>) {
      nnRowKernels<T>().bilinear(out, a, b, c, d, n, wa, wb, wc, wd);
    } else {
      using C = opmath_t<T>;
      for (int64_t i = 0; i < n; ++i) {
        const C top = static_cast<C>(a[i]) * wa + static_cast<C>(b[i]) * wb;
        const C bottom = static_cast<C>(c[i]) * wa + static_cast<C>(d[i]) * wb;
        out[i] = static_cast<T>(top * wc + bottom * wd);
      }
    }
  }
  static opmath_t<T> sum(const T* in, int64_t n) {
    if constexpr (kVectorised<T>) {
      return nnRowKernels<T>().sum(in, n);
    } else {
      opmath_t<T> s = 0;
      for (int64_t i = 0; i < n; ++i) s += static_cast<opmath_t<T>>(in[i]);
      return s;
    }
  }
  static opmath_t<T> sumSqDev(const T* in, int64_t n, opmath_t<T> mean) {
    if constexpr (kVectorised<T>) {
      return nnRowKernels<T>().sumSqDev(in, n, mean);
    } else {
      opmath_t<T> s = 0;
      for (int64_t i = 0; i < n; ++i) {
        const auto d = static_cast<opmath_t<T>>(in[i]) - mean;
        s += d * d;
      }
      return s;
    }
  }
};

}  // namespace ember::nn
