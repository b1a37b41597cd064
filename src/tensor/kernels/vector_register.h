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

// Loads, stores and broadcasts for a vector type R of T lanes (a native register, or a narrower
// one where a kernel wants fewer lanes).
template <typename R, typename T>
struct VectorOps {
  using Reg = R;
  static constexpr int64_t kWidth = sizeof(R) / sizeof(T);
  // Unaligned load and store: memcpy compiles to one vector move.
  static Reg load(const T* p) {
    Reg r;
    std::memcpy(&r, p, sizeof(Reg));
    return r;
  }
  static void store(T* p, Reg r) { std::memcpy(p, &r, sizeof(Reg)); }
  static Reg set1(T v) { return Reg{} + v; }
};

template <typename T>
struct NativeRegister {
  typedef T type __attribute__((vector_size(kVecBytes)));
};

template <typename T>
struct Vec : VectorOps<typename NativeRegister<T>::type, T> {};

}  // namespace ember::EMBER_ISA_NAMESPACE(EMBER_ISA)
