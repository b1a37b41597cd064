// The arithmetic every register wrapper of the vector kernels shares, as one macro over the
// intrinsics' prefix P (_mm_, _mm256_, _mm512_) and suffix S (_ps, _pd): load/store/set1,
// add/sub/mul/div, max/min (the instruction's NaN rule: max(a, b) = a > b ? a : b), sqrt,
// neg/abs/copysign by the sign bit. Used inside a struct that defines Scalar and Reg; the
// tensor library's unary kernels (unary.isa.cpp) and the fuser's register chains
// (tile_chain.isa.cpp) use the same one, so a chain computes exactly what the kernels compute.
// Include only from files compiled per ISA, after <immintrin.h>.
#pragma once

#define EMBER_VEC_COMMON(P, S)                                           \
  static Reg load(const Scalar* p) { return P##loadu##S(p); }            \
  static void store(Scalar* p, Reg v) { P##storeu##S(p, v); }            \
  static Reg set1(Scalar v) { return P##set1##S(v); }                    \
  static Reg add(Reg a, Reg b) { return P##add##S(a, b); }               \
  static Reg sub(Reg a, Reg b) { return P##sub##S(a, b); }               \
  static Reg mul(Reg a, Reg b) { return P##mul##S(a, b); }               \
  static Reg div(Reg a, Reg b) { return P##div##S(a, b); }               \
  static Reg max(Reg a, Reg b) { return P##max##S(a, b); }               \
  static Reg min(Reg a, Reg b) { return P##min##S(a, b); }               \
  static Reg sqrt(Reg a) { return P##sqrt##S(a); }                      \
  static Reg neg(Reg a) { return P##xor##S(a, set1(Scalar(-0.0))); }    \
  static Reg abs(Reg a) { return P##andnot##S(set1(Scalar(-0.0)), a); } \
  /* |mag| with the sign of sgn */                                       \
  static Reg copysign(Reg mag, Reg sgn) {                                \
    const Reg s = set1(Scalar(-0.0));                                    \
    return P##or##S(P##andnot##S(s, mag), P##and##S(s, sgn));            \
  }
