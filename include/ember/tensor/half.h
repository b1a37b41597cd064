// 16-bit floating point element types: IEEE half (float16) and bfloat16. Arithmetic goes
// through float, as PyTorch's CPU kernels do; conversions round to nearest even.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

namespace ember {

namespace detail {
inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float bitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
float halfBitsToFloat(uint16_t h);
uint16_t floatToHalfBits(float f);
}  // namespace detail

struct Half {
  uint16_t x = 0;
  Half() = default;
  Half(float f) : x(detail::floatToHalfBits(f)) {}  // NOLINT: implicit like a builtin type
  operator float() const { return detail::halfBitsToFloat(x); }  // NOLINT
  static Half fromBits(uint16_t bits) {
    Half h;
    h.x = bits;
    return h;
  }
};

struct BFloat16 {
  uint16_t x = 0;
  BFloat16() = default;
  BFloat16(float f) {  // NOLINT
    uint32_t u = detail::floatBits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) {
      x = 0x7fc0;  // NaN
    } else {
      u += 0x7fffu + ((u >> 16) & 1u);  // round to nearest even
      x = static_cast<uint16_t>(u >> 16);
    }
  }
  operator float() const { return detail::bitsFloat(static_cast<uint32_t>(x) << 16); }  // NOLINT
  static BFloat16 fromBits(uint16_t bits) {
    BFloat16 b;
    b.x = bits;
    return b;
  }
};

}  // namespace ember

namespace std {
template <>
class numeric_limits<ember::Half> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr int digits = 11;
  static ember::Half lowest() { return ember::Half::fromBits(0xfbff); }
  static ember::Half max() { return ember::Half::fromBits(0x7bff); }
  static ember::Half min() { return ember::Half::fromBits(0x0400); }
  static ember::Half epsilon() { return ember::Half::fromBits(0x1400); }
  static ember::Half infinity() { return ember::Half::fromBits(0x7c00); }
  static ember::Half quiet_NaN() { return ember::Half::fromBits(0x7e00); }
};
template <>
class numeric_limits<ember::BFloat16> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr int digits = 8;
  static ember::BFloat16 lowest() { return ember::BFloat16::fromBits(0xff7f); }
  static ember::BFloat16 max() { return ember::BFloat16::fromBits(0x7f7f); }
  static ember::BFloat16 min() { return ember::BFloat16::fromBits(0x0080); }
  static ember::BFloat16 epsilon() { return ember::BFloat16::fromBits(0x3c00); }
  static ember::BFloat16 infinity() { return ember::BFloat16::fromBits(0x7f80); }
  static ember::BFloat16 quiet_NaN() { return ember::BFloat16::fromBits(0x7fc0); }
};
}  // namespace std
