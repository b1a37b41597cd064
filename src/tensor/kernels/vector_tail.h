// Partial vectors for the *.isa.cpp kernels: the first n lanes of a native float register loaded
// (the others zero) or stored, reading and writing nothing past them. Masked moves on AVX-512 and
// AVX2, a buffer on the baseline build. For rows whose length is not a multiple of the width.
#pragma once

#if !defined(EMBER_ISA_DEFAULT)
#include <immintrin.h>
#endif

#include <cstdint>
#include <cstring>

#include "tensor/kernels/vector_register.h"

namespace ember::EMBER_ISA_NAMESPACE(EMBER_ISA) {

#if defined(EMBER_ISA_AVX2)
// -1 in the first n lanes, 0 in the others.
inline auto firstLanes(int64_t n) {
  typedef int32_t Lanes __attribute__((vector_size(sizeof(Vec<float>::Reg))));
  Lanes idx;
  for (int i = 0; i < Vec<float>::kWidth; ++i) idx[i] = i;
  return idx < static_cast<int32_t>(n);
}
#endif

// The first n (< the width) lanes of r to p; nothing past p + n is written.
inline void storeFirst(float* p, Vec<float>::Reg r, int64_t n) {
#if defined(EMBER_ISA_AVX512)
  _mm512_mask_storeu_ps(p, static_cast<__mmask16>((1u << n) - 1), r);
#elif defined(EMBER_ISA_AVX2)
  _mm256_maskstore_ps(p, reinterpret_cast<__m256i>(firstLanes(n)), r);
#else
  float tmp[Vec<float>::kWidth];
  Vec<float>::store(tmp, r);
  std::memcpy(p, tmp, static_cast<size_t>(n) * sizeof(float));
#endif
}

// p[0, n) (n < the width) in the first lanes, zeros in the others; nothing past p + n is read.
inline Vec<float>::Reg loadFirst(const float* p, int64_t n) {
#if defined(EMBER_ISA_AVX512)
  return _mm512_maskz_loadu_ps(static_cast<__mmask16>((1u << n) - 1), p);
#elif defined(EMBER_ISA_AVX2)
  return _mm256_maskload_ps(p, reinterpret_cast<__m256i>(firstLanes(n)));
#else
  float tmp[Vec<float>::kWidth] = {};
  std::memcpy(tmp, p, static_cast<size_t>(n) * sizeof(float));
  return Vec<float>::load(tmp);
#endif
}

}  // namespace ember::EMBER_ISA_NAMESPACE(EMBER_ISA)
