// convertValue<To>(from): converts one element between ember's ten dtypes exactly as PyTorch
// 1.13's CPU copy kernel does on x86, without C++ undefined behaviour. C++ leaves
// out-of-range float -> int casts undefined; PyTorch's builds compile them to the x86 truncating
// conversion, which yields the "integer indefinite" value (INT_MIN of the 32- or 64-bit
// conversion) for NaN and out-of-range inputs, and narrower types truncate that result:
//   float -> int64:               64-bit conversion
//   float -> uint8:               64-bit conversion, then keep the low byte (c10's uint8 rule)
//   float -> int8, int16, int32:  32-bit conversion, then keep the low bits
//   anything -> bool:             value != 0 (NaN is true)
//   integer -> Half/BFloat16:     through float (so large int64 become inf in Half)
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ember/tensor/half.h"

namespace ember::detail {

template <typename T>
constexpr bool kIsReduced = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// x86 cvtt* semantics: NaN and values outside [-2^(bits-1), 2^(bits-1)) give INT_MIN.
template <typename I, typename F>
inline I truncateLikeX86(F v) {
  constexpr F lo = -static_cast<F>(static_cast<double>(uint64_t{1} << (sizeof(I) * 8 - 1)));
  if (!(v >= lo && v < -lo)) return std::numeric_limits<I>::min();
  return static_cast<I>(v);
}

template <typename To, typename From>
inline To convertValue(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (std::is_same_v<To, bool>) {
    if constexpr (kIsReduced<From>) return static_cast<float>(v) != 0.0f;
    else return v != From(0);
  } else if constexpr (kIsReduced<From>) {
    return convertValue<To>(static_cast<float>(v));
  } else if constexpr (kIsReduced<To>) {
    return To(static_cast<float>(v));
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    if constexpr (std::is_same_v<To, int64_t> || std::is_same_v<To, uint8_t>)
      return static_cast<To>(truncateLikeX86<int64_t>(v));
    else
      return static_cast<To>(truncateLikeX86<int32_t>(v));
  } else {
    // Integer narrowing wraps (defined in C++20); int <-> float and float <-> double as C++.
    return static_cast<To>(v);
  }
}

}  // namespace ember::detail
