// How PyTorch's CPU distributions turn mt19937 draws into numbers. Shared by the random ops.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/random.h"
#include "strided_loop.h"

namespace ember::random_detail {

inline Generator& generatorOr(Generator* g) { return g ? *g : defaultGenerator(); }

// Mantissa digits used for a uniform float of type T (float: 24, double: 53, half: 11, bf16: 8).
template <typename T>
constexpr int uniformDigits() {
  if constexpr (std::is_same_v<T, Half>) return 11;
  else if constexpr (std::is_same_v<T, BFloat16>) return 8;
  else return std::numeric_limits<T>::digits;
}

// A uniform number in [from, to): double draws 64 bits, every other type 32, keeping the low
// `digits` bits as the fraction. The arithmetic type is float for the 16-bit floats.
template <typename T>
opmath_t<T> uniformReal(Generator& g, opmath_t<T> from, opmath_t<T> to) {
  using A = opmath_t<T>;
  constexpr int digits = uniformDigits<T>();
  const uint64_t bits = std::is_same_v<T, double> ? g.random64() : g.random();
  const A fraction = static_cast<A>(bits & ((uint64_t{1} << digits) - 1)) * (A(1) / static_cast<A>(uint64_t{1} << digits));
  return fraction * (to - from) + from;
}

// One sample of the scalar normal path (Box-Muller in double; the second value is cached).
inline double normalSample(Generator& g, double mean, double std) {
  auto& cached = g.nextDoubleNormal();
  if (cached) {
    double v = *cached;
    cached.reset();
    return v * std + mean;
  }
  const double u1 = uniformReal<double>(g, 0.0, 1.0);
  const double u2 = uniformReal<double>(g, 0.0, 1.0);
  const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
  const double theta = 2.0 * M_PI * u1;
  cached = r * std::sin(theta);
  return r * std::cos(theta) * std + mean;
}

// Stores draw() into every element of `self`, walking memory in order (as PyTorch's serial
// kernels do, so non-contiguous outputs receive the same stream positions).
template <typename T, typename Draw>
void serialFill(const Tensor& self, Draw&& draw) {
  if (self.numel() == 0) return;
  StridedLoop<1> loop(self.sizes(), {self.strides()}, {static_cast<int64_t>(sizeof(T))});
  loop.run({static_cast<char*>(self.data_ptr())}, 0, loop.numel(),
           [&](char* const* ptrs, const int64_t* strides, int64_t n) {
             char* p = ptrs[0];
             for (int64_t i = 0; i < n; ++i) *reinterpret_cast<T*>(p + i * strides[0]) = draw();
           });
}

}  // namespace ember::random_detail
