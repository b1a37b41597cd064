// The register-chain kernel (see tile_chain.h), compiled once per instruction set (DEFAULT =
// SSE2, AVX2, AVX-512) with the tensor library's kernel flags. A strip of kUnroll vectors is
// evaluated through every step with the accumulators in registers; the steps are decoded once
// per call (which operand is a tile, a uniform, or the accumulator) and dispatched per strip.
// Every op is written as the tensor library's kernels write it (binary.isa.cpp, unary.isa.cpp:
// relu is max(0, x) with the same instruction, rsqrt 1 / sqrt(x)), so results are identical.
#include <immintrin.h>

#include <cmath>
#include <cstring>

#include "runtime/fuser/tile_chain.h"
#include "tensor/kernels/vec_common_ops.h"

#if defined(EMBER_ISA_AVX512) && defined(__GNUC__) && !defined(__clang__)
// GCC 12's AVX-512 intrinsics pass _mm512_undefined_ps() as the merge source, which trips a
// false -Wmaybe-uninitialized wherever they are inlined (as in unary.isa.cpp).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#define EMBER_CHAIN_NS2(isa) isa_##isa
#define EMBER_CHAIN_NS(isa) EMBER_CHAIN_NS2(isa)

namespace ember::jit::EMBER_CHAIN_NS(EMBER_ISA) {
namespace {

#define EMBER_CHAIN_VEC(Name, T, R, P, S)                    \
  struct Name {                                              \
    using Scalar = T;                                        \
    using Reg = R;                                           \
    static constexpr int64_t kWidth = sizeof(R) / sizeof(T); \
    EMBER_VEC_COMMON(P, S)                                   \
  };

#if defined(EMBER_ISA_AVX512)
EMBER_CHAIN_VEC(VecF, float, __m512, _mm512_, _ps)
EMBER_CHAIN_VEC(VecD, double, __m512d, _mm512_, _pd)
#elif defined(EMBER_ISA_AVX2)
EMBER_CHAIN_VEC(VecF, float, __m256, _mm256_, _ps)
EMBER_CHAIN_VEC(VecD, double, __m256d, _mm256_, _pd)
#else
EMBER_CHAIN_VEC(VecF, float, __m128, _mm_, _ps)
EMBER_CHAIN_VEC(VecD, double, __m128d, _mm_, _pd)
#endif

template <typename T>
struct VecOf;
template <>
struct VecOf<float> {
  using type = VecF;
};
template <>
struct VecOf<double> {
  using type = VecD;
};

constexpr int kUnroll = 8;  // vectors per strip: eight accumulators in registers

// Where a step's operand comes from.
enum Source : int { kTile = 0, kUniform = 1, kAcc = 2 };

constexpr int code(TileChainOp op, Source s) { return static_cast<int>(op) * 3 + s; }

template <typename T>
struct Step {
  int code;
  const T* src;  // a tile's elements (kTile)
};

// The result of step `op` on accumulator a and operand x.
template <class V, TileChainOp Op>
inline typename V::Reg apply(typename V::Reg a, typename V::Reg x) {
  using O = TileChainOp;
  if constexpr (Op == O::Load) return x;
  else if constexpr (Op == O::Add) return V::add(a, x);
  else if constexpr (Op == O::Sub) return V::sub(a, x);
  else if constexpr (Op == O::RSub) return V::sub(x, a);
  else if constexpr (Op == O::Mul) return V::mul(a, x);
  else if constexpr (Op == O::Div) return V::div(a, x);
  else if constexpr (Op == O::RDiv) return V::div(x, a);
  else if constexpr (Op == O::Relu) return V::max(V::set1(0), a);
  else if constexpr (Op == O::Sqrt) return V::sqrt(a);
  else if constexpr (Op == O::Rsqrt) return V::div(V::set1(1), V::sqrt(a));
  else if constexpr (Op == O::Reciprocal) return V::div(V::set1(1), a);
  else if constexpr (Op == O::Abs) return V::abs(a);
  else if constexpr (Op == O::Neg) return V::neg(a);
  // maxps(x, a) = x > a ? x : a and minps(x, a) = x < a ? x : a: clampLoop's formulas (a NaN
  // accumulator passes through; a NaN bound is decoded as a Load of it).
  else if constexpr (Op == O::ClampMin) return V::max(x, a);
  else return V::min(x, a);
}

// One strip: out[i, i + kUnroll * W) from the steps.
template <typename T>
inline void strip(const Step<T>* steps, const typename VecOf<T>::type::Reg* uni, int length, int64_t i, T* out) {
  using V = typename VecOf<T>::type;
  using Reg = typename V::Reg;
  constexpr int64_t W = V::kWidth;
  Reg acc[kUnroll];
#pragma GCC unroll 8
  for (int u = 0; u < kUnroll; ++u) acc[u] = V::set1(0);
  for (int k = 0; k < length; ++k) {
    const Step<T>& c = steps[k];
    switch (c.code) {
#define EMBER_CHAIN_CASE(OP)                                                                               \
  case code(TileChainOp::OP, kTile):                                                                       \
    _Pragma("GCC unroll 8") for (int u = 0; u < kUnroll; ++u) acc[u] =                                     \
        apply<V, TileChainOp::OP>(acc[u], V::load(c.src + i + u * W));                                     \
    break;                                                                                                 \
  case code(TileChainOp::OP, kUniform): {                                                                  \
    const Reg x = uni[k];                                                                                  \
    _Pragma("GCC unroll 8") for (int u = 0; u < kUnroll; ++u) acc[u] = apply<V, TileChainOp::OP>(acc[u], x); \
    break;                                                                                                 \
  }                                                                                                        \
  case code(TileChainOp::OP, kAcc):                                                                        \
    _Pragma("GCC unroll 8") for (int u = 0; u < kUnroll; ++u) acc[u] = apply<V, TileChainOp::OP>(acc[u], acc[u]); \
    break;
      EMBER_CHAIN_CASE(Load)
      EMBER_CHAIN_CASE(Add)
      EMBER_CHAIN_CASE(Sub)
      EMBER_CHAIN_CASE(RSub)
      EMBER_CHAIN_CASE(Mul)
      EMBER_CHAIN_CASE(Div)
      EMBER_CHAIN_CASE(RDiv)
      EMBER_CHAIN_CASE(Relu)
      EMBER_CHAIN_CASE(Sqrt)
      EMBER_CHAIN_CASE(Rsqrt)
      EMBER_CHAIN_CASE(Reciprocal)
      EMBER_CHAIN_CASE(Abs)
      EMBER_CHAIN_CASE(Neg)
      EMBER_CHAIN_CASE(ClampMin)
      EMBER_CHAIN_CASE(ClampMax)
#undef EMBER_CHAIN_CASE
      default:
        __builtin_unreachable();  // chainKernel decodes only these
    }
  }
#pragma GCC unroll 8
  for (int u = 0; u < kUnroll; ++u) V::store(out + i + u * W, acc[u]);
}

// The same steps on one element (operands with arbitrary byte strides): the ops are correctly
// rounded or bit operations, so a lane of a vector and a scalar agree.
template <typename T>
T scalarApply(TileChainOp op, T a, T x) {
  using O = TileChainOp;
  switch (op) {
    case O::Load: return x;
    case O::Add: return a + x;
    case O::Sub: return a - x;
    case O::RSub: return x - a;
    case O::Mul: return a * x;
    case O::Div: return a / x;
    case O::RDiv: return x / a;
    case O::Relu: return T(0) > a ? T(0) : a;  // maxps(0, a): a NaN passes
    case O::Sqrt: return std::sqrt(a);
    case O::Rsqrt: return T(1) / std::sqrt(a);
    case O::Reciprocal: return T(1) / a;
    case O::Abs: return std::fabs(a);
    case O::Neg: return -a;
    case O::ClampMin: return x != x ? x : (a < x ? x : a);  // clampLoop: a NaN bound gives NaN
    default: return x != x ? x : (a > x ? x : a);
  }
}

template <typename T>
void stridedChain(char* const* p, const int64_t* s, int64_t n, const TileInstr& in) {
  for (int64_t e = 0; e < n; ++e) {
    T acc = 0;
    for (int k = 0; k < in.chainLength; ++k) {
      const int arg = in.chain[k].arg;
      T x = acc;
      if (arg >= 0) std::memcpy(&x, p[1 + arg] + e * s[1 + arg], sizeof(T));
      acc = scalarApply<T>(static_cast<TileChainOp>(in.chain[k].op), acc, x);
    }
    std::memcpy(p[0] + e * s[0], &acc, sizeof(T));
  }
}

template <typename T>
void chainKernel(char* const* p, const int64_t* s, int64_t n, const TileInstr& in) {
  using V = typename VecOf<T>::type;
  using Reg = typename V::Reg;
  constexpr int64_t B = kUnroll * V::kWidth;
  constexpr auto es = static_cast<int64_t>(sizeof(T));
  bool contiguous = s[0] == es;
  for (int a = 0; a < in.numArgs; ++a) contiguous = contiguous && (s[1 + a] == es || s[1 + a] == 0);
  if (!contiguous) return stridedChain<T>(p, s, n, in);
  Step<T> steps[kMaxChainSteps];
  Reg uni[kMaxChainSteps];
  const int length = in.chainLength;
  for (int k = 0; k < length; ++k) {
    const int arg = in.chain[k].arg;
    const auto op = static_cast<TileChainOp>(in.chain[k].op);
    const T* src = arg >= 0 ? reinterpret_cast<const T*>(p[1 + arg]) : nullptr;
    const Source from = arg < 0 ? kAcc : s[1 + arg] == 0 ? kUniform : kTile;
    const bool clamp = op == TileChainOp::ClampMin || op == TileChainOp::ClampMax;
    if (clamp && from != kUniform) return stridedChain<T>(p, s, n, in);  // bounds are numbers
    // A NaN bound makes every element that NaN (clampLoop): the step loads it.
    steps[k] = {code(clamp && *src != *src ? TileChainOp::Load : op, from), src};
    uni[k] = from == kUniform ? V::set1(*src) : V::set1(0);
  }
  T* out = reinterpret_cast<T*>(p[0]);
  int64_t i = 0;
  for (; i + B <= n; i += B) strip<T>(steps, uni, length, i, out);
  if (i == n) return;
  // The tail through padded strips, so it gets the very same arithmetic.
  alignas(64) T pad[kMaxChainSteps][B];
  alignas(64) T padOut[B];
  const int64_t rest = n - i;
  for (int k = 0; k < length; ++k) {
    if (steps[k].code % 3 != kTile) continue;
    std::memset(pad[k], 0, sizeof(pad[k]));
    std::memcpy(pad[k], steps[k].src + i, static_cast<size_t>(rest) * sizeof(T));
    steps[k].src = pad[k];
  }
  strip<T>(steps, uni, length, 0, padOut);
  std::memcpy(out + i, padOut, static_cast<size_t>(rest) * sizeof(T));
}

}  // namespace

TileFn tileChainKernel(ScalarType dtype) {
  if (dtype == ScalarType::Float) return &chainKernel<float>;
  if (dtype == ScalarType::Double) return &chainKernel<double>;
  return nullptr;
}

}  // namespace ember::jit::EMBER_CHAIN_NS(EMBER_ISA)

#if defined(EMBER_ISA_DEFAULT)
#include "tensor/cpu_capability.h"

namespace ember::jit {
TileFn tileChainKernel(ScalarType dtype) {
  switch (cpuCapability()) {
    case CpuCapability::AVX512: return isa_AVX512::tileChainKernel(dtype);
    case CpuCapability::AVX2: return isa_AVX2::tileChainKernel(dtype);
    default: return isa_DEFAULT::tileChainKernel(dtype);
  }
}
}  // namespace ember::jit
#endif
