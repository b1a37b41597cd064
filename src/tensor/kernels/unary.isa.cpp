// Vectorised floating-point unary kernels, compiled once per instruction set (see
// unary_kernels.h). Each op is a small functor over a register type `V` (the Vec* wrappers
// below), written once for every ISA and both precisions.
#include <immintrin.h>
#include <sleef.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>

#include "ember/tensor/half.h"
#include "tensor/kernels/unary_kernels.h"
#include "tensor/kernels/unary_math.h"
#include "tensor/kernels/vec_common_ops.h"

#if defined(EMBER_ISA_AVX512) && defined(__GNUC__) && !defined(__clang__)
// GCC 12's AVX-512 intrinsics pass _mm512_undefined_ps() as the merge source, which trips a
// false -Wmaybe-uninitialized wherever they are inlined.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#define EMBER_UNARY_NS2(isa) isa_##isa
#define EMBER_UNARY_NS(isa) EMBER_UNARY_NS2(isa)

namespace ember::EMBER_UNARY_NS(EMBER_ISA) {
namespace {

// ---- register wrappers ------------------------------------------------------------------
// Every wrapper has: Scalar, Reg, Mask, kWidth; load/store/set1; add/sub/mul/div; max(a, b)
// = a > b ? a : b and min(a, b) = a < b ? a : b (so max(lo, x) lets a NaN x through);
// gt/le/eq/isnan masks and select(m, x, y) = m ? x : y; abs/neg/sqrt; floor/ceil/trunc/rint;
// and the SLEEF transcendental functions.

// SLEEF names: Sleef_<fn><lanes>_u<ulp><isa>.
#define EMBER_VEC_SLEEF(L, I)                                                    \
  static Reg exp(Reg a) { return Sleef_exp##L##_u10##I(a); }                     \
  static Reg exp2(Reg a) { return Sleef_exp2##L##_u10##I(a); }                   \
  static Reg expm1(Reg a) { return Sleef_expm1##L##_u10##I(a); }                 \
  static Reg log(Reg a) { return Sleef_log##L##_u10##I(a); }                     \
  static Reg log2(Reg a) { return Sleef_log2##L##_u10##I(a); }                   \
  static Reg log10(Reg a) { return Sleef_log10##L##_u10##I(a); }                 \
  static Reg log1p(Reg a) { return Sleef_log1p##L##_u10##I(a); }                 \
  static Reg sin(Reg a) { return Sleef_sin##L##_u10##I(a); }                     \
  static Reg cos(Reg a) { return Sleef_cos##L##_u10##I(a); }                     \
  static Reg tan(Reg a) { return Sleef_tan##L##_u10##I(a); }                     \
  static Reg asin(Reg a) { return Sleef_asin##L##_u10##I(a); }                   \
  static Reg acos(Reg a) { return Sleef_acos##L##_u10##I(a); }                   \
  static Reg atan(Reg a) { return Sleef_atan##L##_u10##I(a); }                   \
  static Reg sinh(Reg a) { return Sleef_sinh##L##_u10##I(a); }                   \
  static Reg cosh(Reg a) { return Sleef_cosh##L##_u10##I(a); }                   \
  static Reg tanh(Reg a) { return Sleef_tanh##L##_u10##I(a); }                   \
  static Reg erf(Reg a) { return Sleef_erf##L##_u10##I(a); }                     \
  static Reg erfc(Reg a) { return Sleef_erfc##L##_u15##I(a); }

#if defined(EMBER_ISA_AVX512)

#define EMBER_VEC_AVX512(Name, T, R, M, S, L, CmpFn, BlendFn, W)                              \
  struct Name {                                                                                 \
    using Scalar = T;                                                                           \
    using Reg = R;                                                                              \
    using Mask = M;                                                                             \
    static constexpr int kWidth = W;                                                            \
    EMBER_VEC_COMMON(_mm512_, S)                                                                \
    EMBER_VEC_SLEEF(L, avx512f)                                                                 \
    static Mask gt(Reg a, Reg b) { return CmpFn(a, b, _CMP_GT_OQ); }                            \
    static Mask lt(Reg a, Reg b) { return CmpFn(a, b, _CMP_LT_OQ); }                            \
    static Reg fma(Reg a, Reg b, Reg c) { return _mm512_fmadd##S(a, b, c); }                    \
    static Mask le(Reg a, Reg b) { return CmpFn(a, b, _CMP_LE_OQ); }                            \
    static Mask eq(Reg a, Reg b) { return CmpFn(a, b, _CMP_EQ_OQ); }                            \
    static Mask isnan(Reg a) { return CmpFn(a, a, _CMP_UNORD_Q); }                              \
    static Reg select(Mask m, Reg x, Reg y) { return BlendFn(m, y, x); }                        \
    static Reg floor(Reg a) { return _mm512_roundscale##S(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); } \
    static Reg ceil(Reg a) { return _mm512_roundscale##S(a, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }  \
    static Reg trunc(Reg a) { return _mm512_roundscale##S(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }    \
    static Reg rint(Reg a) { return _mm512_roundscale##S(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); } \
  };
EMBER_VEC_AVX512(VecF, float, __m512, __mmask16, _ps, f16, _mm512_cmp_ps_mask, _mm512_mask_blend_ps, 16)
EMBER_VEC_AVX512(VecD, double, __m512d, __mmask8, _pd, d8, _mm512_cmp_pd_mask, _mm512_mask_blend_pd, 8)

#elif defined(EMBER_ISA_AVX2)

#define EMBER_VEC_AVX2(Name, T, R, S, L, W)                                                       \
  struct Name {                                                                                   \
    using Scalar = T;                                                                             \
    using Reg = R;                                                                                \
    using Mask = R;                                                                               \
    static constexpr int kWidth = W;                                                              \
    EMBER_VEC_COMMON(_mm256_, S)                                                                  \
    EMBER_VEC_SLEEF(L, avx2)                                                                      \
    static Mask gt(Reg a, Reg b) { return _mm256_cmp##S(a, b, _CMP_GT_OQ); }                      \
    static Mask lt(Reg a, Reg b) { return _mm256_cmp##S(a, b, _CMP_LT_OQ); }                      \
    static Reg fma(Reg a, Reg b, Reg c) { return _mm256_fmadd##S(a, b, c); }                      \
    static Mask le(Reg a, Reg b) { return _mm256_cmp##S(a, b, _CMP_LE_OQ); }                      \
    static Mask eq(Reg a, Reg b) { return _mm256_cmp##S(a, b, _CMP_EQ_OQ); }                      \
    static Mask isnan(Reg a) { return _mm256_cmp##S(a, a, _CMP_UNORD_Q); }                        \
    static Reg select(Mask m, Reg x, Reg y) { return _mm256_blendv##S(y, x, m); }                 \
    static Reg floor(Reg a) { return _mm256_round##S(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }   \
    static Reg ceil(Reg a) { return _mm256_round##S(a, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); }    \
    static Reg trunc(Reg a) { return _mm256_round##S(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }      \
    static Reg rint(Reg a) { return _mm256_round##S(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); } \
  };
EMBER_VEC_AVX2(VecF, float, __m256, _ps, f8, 8)
EMBER_VEC_AVX2(VecD, double, __m256d, _pd, d4, 4)

#else  // DEFAULT: the x86-64 baseline, SSE2

#define EMBER_VEC_SSE2(Name, T, R, S, L, W)                                                      \
  struct Name {                                                                                  \
    using Scalar = T;                                                                            \
    using Reg = R;                                                                               \
    using Mask = R;                                                                              \
    static constexpr int kWidth = W;                                                             \
    EMBER_VEC_COMMON(_mm_, S)                                                                    \
    EMBER_VEC_SLEEF(L, sse2)                                                                     \
    static Mask gt(Reg a, Reg b) { return _mm_cmpgt##S(a, b); }                                  \
    static Mask lt(Reg a, Reg b) { return _mm_cmplt##S(a, b); }                                  \
    static Reg fma(Reg a, Reg b, Reg c) { return add(mul(a, b), c); }                            \
    static Mask le(Reg a, Reg b) { return _mm_cmple##S(a, b); }                                  \
    static Mask eq(Reg a, Reg b) { return _mm_cmpeq##S(a, b); }                                  \
    static Mask isnan(Reg a) { return _mm_cmpunord##S(a, a); }                                   \
    static Reg select(Mask m, Reg x, Reg y) { return _mm_or##S(_mm_and##S(m, x), _mm_andnot##S(m, y)); } \
    static Reg floor(Reg a) { return Sleef_floor##L##_sse2(a); }                                 \
    static Reg ceil(Reg a) { return Sleef_ceil##L##_sse2(a); }                                   \
    static Reg trunc(Reg a) { return Sleef_trunc##L##_sse2(a); }                                 \
    static Reg rint(Reg a) { return Sleef_rint##L##_sse2(a); }                                   \
  };
EMBER_VEC_SSE2(VecF, float, __m128, _ps, f4, 4)
EMBER_VEC_SSE2(VecD, double, __m128d, _pd, d2, 2)

#endif

template <typename T> struct VecOf;
template <> struct VecOf<float> { using type = VecF; };
template <> struct VecOf<double> { using type = VecD; };

// tanh of floats without SLEEF's slower tanh: an odd polynomial near 0, where 1 - 2/(e^2x + 1)
// would cancel, and that formula elsewhere (exp overflow gives 1). Within 1 ulp of the exact
// result in float on an exhaustive sweep; doubles use SLEEF.
template <class V>
typename V::Reg tanhFloat(typename V::Reg x) {
  using Reg = typename V::Reg;
  const Reg a = V::abs(x);
  const Reg x2 = V::mul(x, x);
  // Least-squares fit of (tanh(x) - x) / x^3 in x^2 on [0, 0.6]; relative error 4e-10.
  Reg p = V::set1(0.0023900391637777054f);
  p = V::fma(p, x2, V::set1(-0.008428223422646375f));
  p = V::fma(p, x2, V::set1(0.021794416879018452f));
  p = V::fma(p, x2, V::set1(-0.053962415690192535f));
  p = V::fma(p, x2, V::set1(0.13333317494899574f));
  p = V::fma(p, x2, V::set1(-0.33333333285533784f));
  const Reg small = V::fma(V::mul(x, x2), p, x);
  const Reg e = V::exp(V::add(a, a));
  const Reg large = V::sub(V::set1(1), V::div(V::set1(2), V::add(e, V::set1(1))));
  return V::select(V::lt(a, V::set1(0.6f)), small, V::copysign(large, x));
}

template <class V>
typename V::Reg anyTanh(typename V::Reg x) {
  if constexpr (std::is_same_v<typename V::Scalar, float>) return tanhFloat<V>(x);
  else return V::tanh(x);
}

// ---- op functors: constructed once per call from the params, applied per register ---------

#define EMBER_SIMPLE_OP(Name, expr)                            \
  template <class V>                                           \
  struct Name {                                                \
    using Reg = typename V::Reg;                               \
    explicit Name(const UnaryParams&) {}                       \
    Reg operator()(Reg x) const { return expr; }               \
  };

EMBER_SIMPLE_OP(OpAbs, V::abs(x))
EMBER_SIMPLE_OP(OpNeg, V::neg(x))
EMBER_SIMPLE_OP(OpExp, V::exp(x))
EMBER_SIMPLE_OP(OpExp2, V::exp2(x))
EMBER_SIMPLE_OP(OpLog, V::log(x))
EMBER_SIMPLE_OP(OpLog2, V::log2(x))
EMBER_SIMPLE_OP(OpLog10, V::log10(x))
EMBER_SIMPLE_OP(OpLog1p, V::log1p(x))
EMBER_SIMPLE_OP(OpExpm1, V::expm1(x))
EMBER_SIMPLE_OP(OpSqrt, V::sqrt(x))
EMBER_SIMPLE_OP(OpRsqrt, V::div(V::set1(1), V::sqrt(x)))
EMBER_SIMPLE_OP(OpSin, V::sin(x))
EMBER_SIMPLE_OP(OpCos, V::cos(x))
EMBER_SIMPLE_OP(OpTan, V::tan(x))
EMBER_SIMPLE_OP(OpAsin, V::asin(x))
EMBER_SIMPLE_OP(OpAcos, V::acos(x))
EMBER_SIMPLE_OP(OpAtan, V::atan(x))
EMBER_SIMPLE_OP(OpSigmoid, V::div(V::set1(1), V::add(V::set1(1), V::exp(V::neg(x)))))
EMBER_SIMPLE_OP(OpErf, V::erf(x))
EMBER_SIMPLE_OP(OpErfc, V::erfc(x))
EMBER_SIMPLE_OP(OpFloor, V::floor(x))
EMBER_SIMPLE_OP(OpCeil, V::ceil(x))
EMBER_SIMPLE_OP(OpRound, V::rint(x))
EMBER_SIMPLE_OP(OpTrunc, V::trunc(x))
EMBER_SIMPLE_OP(OpFrac, V::sub(x, V::trunc(x)))
// (0 < x) - (x < 0): NaN and -0.0 give +0.0.
EMBER_SIMPLE_OP(OpSign, V::sub(V::select(V::gt(x, V::set1(0)), V::set1(1), V::set1(0)),
                               V::select(V::gt(V::set1(0), x), V::set1(1), V::set1(0))))
EMBER_SIMPLE_OP(OpReciprocal, V::div(V::set1(1), x))
EMBER_SIMPLE_OP(OpRelu, V::max(V::set1(0), x))
// erf for float gelu: Abramowitz and Stegun's 7.1.26, erf(|x|) = 1 - t (a1 + t (a2 + ... + t a5))
// exp(-x^2) with t = 1 / (1 + p |x|), absolute error at most 1.5e-7, the approximation PyTorch's
// vectorised float kernels use for erf. SLEEF's 1-ulp erf took ~160 cycles per AVX-512 vector
// on the Cascade Lake Xeon: gelu on vit_b_16's 197x3072 activations 2.5 ms against PyTorch's
// 0.87 (30 ms of each vit_b_16 call). float64 keeps SLEEF's erf, as PyTorch's float64 kernels.
template <class V>
typename V::Reg geluErf(typename V::Reg x) {
  using Reg = typename V::Reg;
  if constexpr (!std::is_same_v<typename V::Scalar, float>) {
    return V::erf(x);
  } else {
    const Reg t = V::div(V::set1(1), V::add(V::set1(1), V::mul(V::set1(0.3275911f), V::abs(x))));
    Reg poly = V::set1(1.061405429f);
    for (float a : {-1.453152027f, 1.421413741f, -0.284496736f, 0.254829592f})
      poly = V::add(V::mul(poly, t), V::set1(a));
    const Reg tail = V::mul(V::mul(poly, t), V::exp(V::neg(V::mul(x, x))));  // erfc(|x|)
    const Reg r = V::sub(V::set1(1), tail);
    return V::select(V::gt(V::set1(0), x), V::neg(r), r);
  }
}

EMBER_SIMPLE_OP(OpGelu, V::mul(V::mul(x, V::set1(0.5)),
                               V::add(V::set1(1), geluErf<V>(V::mul(x, V::set1(unary_math::kSqrt1_2))))))
EMBER_SIMPLE_OP(OpSilu, V::div(x, V::add(V::set1(1), V::exp(V::neg(x)))))
EMBER_SIMPLE_OP(OpMish, V::mul(x, anyTanh<V>(V::log1p(V::exp(x)))))
EMBER_SIMPLE_OP(OpHardsigmoid,
                V::div(V::min(V::set1(6), V::max(V::set1(0), V::add(x, V::set1(3)))), V::set1(6)))
EMBER_SIMPLE_OP(OpHardswish,
                V::div(V::mul(x, V::min(V::set1(6), V::max(V::set1(0), V::add(x, V::set1(3))))), V::set1(6)))
#undef EMBER_SIMPLE_OP

// SLEEF's sinh/cosh overflow early (double: |x| > 709, short of the true limit 710.47); far
// out e^-|x| is negligible and sinh, cosh = e^|x| / 2, computed as (e^(|x|/2) / 2) * e^(|x|/2)
// so the intermediate does not overflow.
template <class V>
typename V::Reg halfExpAbs(typename V::Reg x) {
  const typename V::Reg e = V::exp(V::mul(V::abs(x), V::set1(0.5)));
  return V::mul(V::mul(e, V::set1(0.5)), e);
}
template <class V>
typename V::Reg hyperbolicCutoff() {
  return V::set1(std::is_same_v<typename V::Scalar, float> ? 80.0 : 700.0);
}

template <class V>
struct OpSinh {
  using Reg = typename V::Reg;
  explicit OpSinh(const UnaryParams&) {}
  Reg operator()(Reg x) const {
    return V::select(V::gt(V::abs(x), hyperbolicCutoff<V>()), V::copysign(halfExpAbs<V>(x), x), V::sinh(x));
  }
};

template <class V>
struct OpCosh {
  using Reg = typename V::Reg;
  explicit OpCosh(const UnaryParams&) {}
  Reg operator()(Reg x) const {
    return V::select(V::gt(V::abs(x), hyperbolicCutoff<V>()), halfExpAbs<V>(x), V::cosh(x));
  }
};

template <class V>
struct OpTanh {
  using Reg = typename V::Reg;
  explicit OpTanh(const UnaryParams&) {}
  Reg operator()(Reg x) const {
    return anyTanh<V>(x);
  }
};

template <class V>
struct OpGeluTanh {
  using Reg = typename V::Reg;
  explicit OpGeluTanh(const UnaryParams&) {}
  Reg operator()(Reg x) const {
    Reg cube = V::mul(V::mul(x, x), x);
    Reg inner = V::mul(V::set1(unary_math::kSqrt2OverPi), V::add(x, V::mul(V::set1(unary_math::kGeluKappa), cube)));
    return V::mul(V::mul(V::set1(0.5), x), V::add(V::set1(1), anyTanh<V>(inner)));
  }
};

template <class V>
struct OpRoundDecimals {
  using Reg = typename V::Reg;
  Reg tenPow;
  bool negative;
  explicit OpRoundDecimals(const UnaryParams& p) : tenPow(V::set1(p.a)), negative(p.b != 0) {}
  Reg operator()(Reg x) const {
    return negative ? V::mul(V::rint(V::div(x, tenPow)), tenPow) : V::div(V::rint(V::mul(x, tenPow)), tenPow);
  }
};

template <class V>
struct OpSoftplus {
  using Reg = typename V::Reg;
  Reg beta, threshold;
  explicit OpSoftplus(const UnaryParams& p) : beta(V::set1(p.a)), threshold(V::set1(p.b)) {}
  Reg operator()(Reg x) const {
    Reg scaled = V::mul(x, beta);
    return V::select(V::gt(scaled, threshold), x, V::div(V::log1p(V::exp(scaled)), beta));
  }
};

template <class V>
struct OpHardtanh {
  using Reg = typename V::Reg;
  Reg lo, hi;
  explicit OpHardtanh(const UnaryParams& p) : lo(V::set1(p.a)), hi(V::set1(p.b)) {}
  Reg operator()(Reg x) const { return V::min(hi, V::max(lo, x)); }
};

template <class V>
struct OpLeakyRelu {
  using Reg = typename V::Reg;
  Reg slope;
  explicit OpLeakyRelu(const UnaryParams& p) : slope(V::set1(p.a)) {}
  Reg operator()(Reg x) const { return V::select(V::gt(x, V::set1(0)), x, V::mul(x, slope)); }
};

template <class V>
struct OpElu {
  using Reg = typename V::Reg;
  Reg negCoef, posCoef, inputScale;
  explicit OpElu(const UnaryParams& p) : negCoef(V::set1(p.a)), posCoef(V::set1(p.b)), inputScale(V::set1(p.c)) {}
  Reg operator()(Reg x) const {
    Reg negative = V::mul(V::sub(V::exp(V::mul(x, inputScale)), V::set1(1)), negCoef);
    return V::select(V::le(x, V::set1(0)), negative, V::mul(x, posCoef));
  }
};

template <class V>
struct OpNanToNum {
  using Reg = typename V::Reg;
  using T = typename V::Scalar;
  Reg nan, posinf, neginf;
  explicit OpNanToNum(const UnaryParams& p) : nan(V::set1(p.a)), posinf(V::set1(p.b)), neginf(V::set1(p.c)) {}
  Reg operator()(Reg x) const {
    const T inf = std::numeric_limits<T>::infinity();
    Reg r = V::select(V::eq(x, V::set1(inf)), posinf, x);
    r = V::select(V::eq(x, V::set1(-inf)), neginf, r);
    return V::select(V::isnan(x), nan, r);
  }
};

// erfinv has no SLEEF kernel: lanes go through the scalar definition.
template <class V>
struct OpErfinv {
  using Reg = typename V::Reg;
  using T = typename V::Scalar;
  explicit OpErfinv(const UnaryParams&) {}
  Reg operator()(Reg x) const {
    alignas(64) T lanes[V::kWidth];
    V::store(lanes, x);
    for (T& v : lanes) v = unary_math::erfinv(v);
    return V::load(lanes);
  }
};

// ---- loops -------------------------------------------------------------------------------

constexpr int64_t kChunk = 256;  // elements staged per strided or 16-bit block

// out[i] = op(in[i]) for contiguous float/double arrays (out may equal in).
template <template <class> class Op, typename T>
void runContiguous(T* out, const T* in, int64_t n, const Op<typename VecOf<T>::type>& op) {
  using V = typename VecOf<T>::type;
  constexpr int64_t W = V::kWidth;
  int64_t i = 0;
  for (; i + 2 * W <= n; i += 2 * W) {
    auto a = op(V::load(in + i));
    auto b = op(V::load(in + i + W));
    V::store(out + i, a);
    V::store(out + i + W, b);
  }
  for (; i + W <= n; i += W) V::store(out + i, op(V::load(in + i)));
  if (i < n) {
    // The tail goes through a padded register so it gets the very same arithmetic.
    alignas(64) T pad[W] = {};
    std::memcpy(pad, in + i, static_cast<size_t>(n - i) * sizeof(T));
    V::store(pad, op(V::load(pad)));
    std::memcpy(out + i, pad, static_cast<size_t>(n - i) * sizeof(T));
  }
}

template <typename T>
T loadAs(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

template <template <class> class Op, typename T>
void floatKernel(char* const* ptrs, const int64_t* strides, int64_t n, const UnaryParams& params) {
  using V = typename VecOf<T>::type;
  const Op<V> op(params);
  constexpr int64_t sz = sizeof(T);
  if (strides[0] == sz && strides[1] == sz) {
    runContiguous<Op, T>(reinterpret_cast<T*>(ptrs[0]), reinterpret_cast<const T*>(ptrs[1]), n, op);
    return;
  }
  alignas(64) T buf[kChunk];
  char* out = ptrs[0];
  const char* in = ptrs[1];
  for (int64_t start = 0; start < n; start += kChunk) {
    const int64_t m = std::min(kChunk, n - start);
    for (int64_t j = 0; j < m; ++j) buf[j] = loadAs<T>(in + (start + j) * strides[1]);
    runContiguous<Op, T>(buf, buf, m, op);
    for (int64_t j = 0; j < m; ++j) std::memcpy(out + (start + j) * strides[0], &buf[j], sizeof(T));
  }
}

// Half and BFloat16: widen a block to float, compute, round back.
template <template <class> class Op, typename H>
void halfKernel(char* const* ptrs, const int64_t* strides, int64_t n, const UnaryParams& params) {
  const Op<VecF> op(params);
  alignas(64) float buf[kChunk];
  char* out = ptrs[0];
  const char* in = ptrs[1];
  for (int64_t start = 0; start < n; start += kChunk) {
    const int64_t m = std::min(kChunk, n - start);
    for (int64_t j = 0; j < m; ++j) buf[j] = static_cast<float>(loadAs<H>(in + (start + j) * strides[1]));
    runContiguous<Op, float>(buf, buf, m, op);
    for (int64_t j = 0; j < m; ++j) {
      H h(buf[j]);
      std::memcpy(out + (start + j) * strides[0], &h, sizeof(H));
    }
  }
}

template <template <class> class Op>
UnaryKernelFn pick(ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Float: return &floatKernel<Op, float>;
    case ScalarType::Double: return &floatKernel<Op, double>;
    case ScalarType::Half: return &halfKernel<Op, Half>;
    case ScalarType::BFloat16: return &halfKernel<Op, BFloat16>;
    default: return nullptr;
  }
}

}  // namespace

UnaryKernelFn floatUnaryKernel(UnaryOp op, ScalarType dtype) {
  switch (op) {
#define EMBER_UNARY_CASE(Name) \
  case UnaryOp::Name: return pick<Op##Name>(dtype);
    EMBER_UNARY_CASE(Abs) EMBER_UNARY_CASE(Neg) EMBER_UNARY_CASE(Exp) EMBER_UNARY_CASE(Exp2)
    EMBER_UNARY_CASE(Log) EMBER_UNARY_CASE(Log2) EMBER_UNARY_CASE(Log10) EMBER_UNARY_CASE(Log1p)
    EMBER_UNARY_CASE(Expm1) EMBER_UNARY_CASE(Sqrt) EMBER_UNARY_CASE(Rsqrt) EMBER_UNARY_CASE(Sin)
    EMBER_UNARY_CASE(Cos) EMBER_UNARY_CASE(Tan) EMBER_UNARY_CASE(Asin) EMBER_UNARY_CASE(Acos)
    EMBER_UNARY_CASE(Atan) EMBER_UNARY_CASE(Sinh) EMBER_UNARY_CASE(Cosh) EMBER_UNARY_CASE(Tanh)
    EMBER_UNARY_CASE(Sigmoid) EMBER_UNARY_CASE(Erf) EMBER_UNARY_CASE(Erfc) EMBER_UNARY_CASE(Erfinv)
    EMBER_UNARY_CASE(Floor) EMBER_UNARY_CASE(Ceil) EMBER_UNARY_CASE(Round) EMBER_UNARY_CASE(RoundDecimals)
    EMBER_UNARY_CASE(Trunc) EMBER_UNARY_CASE(Frac) EMBER_UNARY_CASE(Sign) EMBER_UNARY_CASE(Reciprocal)
    EMBER_UNARY_CASE(Relu) EMBER_UNARY_CASE(Gelu) EMBER_UNARY_CASE(GeluTanh) EMBER_UNARY_CASE(Silu)
    EMBER_UNARY_CASE(Mish) EMBER_UNARY_CASE(Softplus) EMBER_UNARY_CASE(Hardtanh) EMBER_UNARY_CASE(Hardswish)
    EMBER_UNARY_CASE(Hardsigmoid) EMBER_UNARY_CASE(LeakyRelu) EMBER_UNARY_CASE(Elu) EMBER_UNARY_CASE(NanToNum)
#undef EMBER_UNARY_CASE
    case UnaryOp::Count: break;
  }
  return nullptr;
}

}  // namespace ember::EMBER_UNARY_NS(EMBER_ISA)
