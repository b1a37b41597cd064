// One native vector register of T, written with GCC's vector extensions, for the *.isa.cpp
// kernels: each is compiled once per ISA (EMBER_ISA), and this header gives every copy its
// natural register width. Its namespace is per ISA too, so the copies never collide.
#pragma once

#include <cstdint>
#include <cstring>

#define EMBER_ISA_NAMESPACE2(isa) isa_##isa
#define EMBER_ISA_NAMESPACE(isa) EMBER_ISA_NAMESPACE2(isa)

namespace ember::EMBER_ISA_NAMESPACE(EMBER_ISA) {

// One native register per vector (wider types would change the ABI of non-inlined helpers).
#if defined(EMBER_ISA_AVX512)
inline constexpr int kVecBytes = 64;
#elif defined(EMBER_ISA_AVX2)
inline constexpr int kVecBytes = 32;
#else
inline constexpr int kVecBytes = 16;
#endif

template <typename T>
struct Vec {
  typedef T Reg __attribute__((vector_size(kVecBytes)));
  static constexpr int64_t kWidth = kVecBytes / sizeof(T);
  // Unaligned load and store: memcpy compiles to one vector move.
  static Reg load(const T* p) {
    Reg r;
    std::memcpy(&r, p, sizeof(Reg));
    return r;
  }
  static void store(T* p, Reg r) { std::memcpy(p, &r, sizeof(Reg)); }
  static Reg set1(T v) { return Reg{} + v; }
};

}  // namespace ember::EMBER_ISA_NAMESPACE(EMBER_ISA)
