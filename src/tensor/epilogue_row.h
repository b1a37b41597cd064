// The one-pass epilogue loop shared by the fused convolution and the fused matrix products
// (conv_fused.cpp, linear_fused.cpp): out[i] = clamp((out[i] + bias[i]) + res[i]) over a dense
// run, each term optional, in the order the unfused graph adds them (so results are
// bit-identical to it).
//
// 16-byte vectors (GCC's vector extension on the baseline's SSE2 registers: wider vectors than
// the target has were lowered to scalar code through the stack, slower than the unfused per-ISA
// kernels) with branch-free selects; comparisons leave NaN as aten::relu and aten::hardtanh do.
// The loop is memory-bound: `out` is the heavy op's fresh result, so it aliases nothing.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace ember::fused_epilogue {

enum class Clamp { None, Relu, Range };

// The clamp a fused activation is ("relu", "hardtanh" in [lo, hi]); None for the others, which
// run after the loop with their own kernels (apply_epilogue_activation_).
inline Clamp clampOf(std::string_view activation) {
  if (activation == "relu") return Clamp::Relu;
  if (activation == "hardtanh") return Clamp::Range;
  return Clamp::None;
}

template <typename T, Clamp kClamp>
void row(T* __restrict out, const T* __restrict bias, const T* __restrict res, int64_t n, T lo, T hi) {
  typedef T V __attribute__((vector_size(16)));
  constexpr int64_t kWidth = 16 / sizeof(T);
  auto clampOne = [&](auto v, auto zero, auto low, auto high) {
    if constexpr (kClamp == Clamp::Relu) v = v < zero ? zero : v;
    if constexpr (kClamp == Clamp::Range) {
      v = v < low ? low : v;
      v = v > high ? high : v;
    }
    return v;
  };
  const V zero = V{}, low = V{} + lo, high = V{} + hi;
  int64_t i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    V v, t;
    std::memcpy(&v, out + i, sizeof(V));
    if (bias) {
      std::memcpy(&t, bias + i, sizeof(V));
      v += t;
    }
    if (res) {
      std::memcpy(&t, res + i, sizeof(V));
      v += t;
    }
    v = clampOne(v, zero, low, high);
    std::memcpy(out + i, &v, sizeof(V));
  }
  for (; i < n; ++i) {
    T v = out[i];
    if (bias) v += bias[i];
    if (res) v += res[i];
    out[i] = clampOne(v, T(0), lo, hi);
  }
}

// row() with the clamp chosen at run time.
template <typename T>
void rowWith(Clamp clamp, T* out, const T* bias, const T* res, int64_t n, T lo, T hi) {
  if (clamp == Clamp::Relu) row<T, Clamp::Relu>(out, bias, res, n, lo, hi);
  else if (clamp == Clamp::Range) row<T, Clamp::Range>(out, bias, res, n, lo, hi);
  else row<T, Clamp::None>(out, bias, res, n, lo, hi);
}

}  // namespace ember::fused_epilogue
