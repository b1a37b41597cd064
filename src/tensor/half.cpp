#include "ember/tensor/half.h"

namespace ember::detail {

float halfBitsToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  if (exp == 0) {
    if (mant == 0) return bitsFloat(sign);
    // Subnormal half: normalise into a float.
    int shift = 0;
    while ((mant & 0x400u) == 0) {
      mant <<= 1;
      ++shift;
    }
    mant &= 0x3ffu;
    return bitsFloat(sign | ((113u - shift) << 23) | (mant << 13));
  }
  if (exp == 0x1f) return bitsFloat(sign | 0x7f800000u | (mant << 13));
  return bitsFloat(sign | ((exp + 112u) << 23) | (mant << 13));
}

uint16_t floatToHalfBits(float f) {
  uint32_t u = floatBits(f);
  uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  uint32_t absu = u & 0x7fffffffu;
  if (absu > 0x7f800000u) return sign | 0x7e00u;  // NaN
  if (absu >= 0x477ff000u) return sign | 0x7c00u;  // rounds to inf
  if (absu < 0x38800000u) {
    // Result is subnormal or zero: add a magic number so the FPU does the rounding.
    float magic = bitsFloat(0x3f000000u);  // 0.5: shifts the mantissa into place
    float r = bitsFloat(absu) + magic;
    return sign | static_cast<uint16_t>(floatBits(r) - floatBits(magic));
  }
  uint32_t mant_odd = (absu >> 13) & 1u;
  absu += 0xc8000fffu + mant_odd;  // rebias exponent (-112 << 23) and round to nearest even
  return sign | static_cast<uint16_t>(absu >> 13);
}

}  // namespace ember::detail
