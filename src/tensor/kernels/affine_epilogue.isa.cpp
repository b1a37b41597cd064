// The affine-epilogue loops (see affine_epilogue_kernels.h) in the ISA's native vectors, with
// branch-free selects for the clamp: a compare-and-branch per element mispredicts on relu's signs.
#include <algorithm>

#include "tensor/kernels/affine_epilogue_kernels.h"
#include "tensor/kernels/vector_register.h"

namespace ember::affine_epilogue::EMBER_ISA_NAMESPACE(EMBER_ISA) {
namespace {

using V = ::ember::EMBER_ISA_NAMESPACE(EMBER_ISA)::Vec<float>;
using Reg = V::Reg;

template <Clamp kClamp, typename R>
inline R clampOf(R v, R lo, R hi) {
  if constexpr (kClamp == Clamp::Relu) v = v < R{} ? R{} : v;  // a NaN compares false and stays
  if constexpr (kClamp == Clamp::Range) {
    v = v < lo ? lo : v;
    v = v > hi ? hi : v;
  }
  return v;
}

// n values whose channels are consecutive: out[i] = clamp(in[i] * a[i] + b[i] (+ res[i])).
template <Clamp kClamp, bool kResidual>
inline void run(float* out, const float* in, const float* res, int64_t n, const float* a, const float* b, float lo,
                float hi) {
  const Reg vlo = V::set1(lo), vhi = V::set1(hi);
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) {
    Reg v = V::load(in + i) * V::load(a + i) + V::load(b + i);
    if constexpr (kResidual) v += V::load(res + i);
    V::store(out + i, clampOf<kClamp>(v, vlo, vhi));
  }
  for (; i < n; ++i) {
    float v = in[i] * a[i] + b[i];
    if constexpr (kResidual) v += res[i];
    out[i] = clampOf<kClamp>(v, lo, hi);
  }
}

template <Clamp kClamp, bool kResidual>
void channelsLastRows(float* out, const float* in, const float* res, int64_t rows, int64_t C, const Terms& t) {
  for (int64_t r = 0; r < rows; ++r)
    run<kClamp, kResidual>(out + r * C, in + r * C, kResidual ? res + r * C : nullptr, C, t.scale, t.shift, t.lo,
                           t.hi);
}

template <Clamp kClamp, bool kResidual>
void planeOf(float* out, const float* in, const float* res, int64_t n, int64_t c, const Terms& t) {
  const float a = t.scale[c], b = t.shift[c];
  const Reg va = V::set1(a), vb = V::set1(b), vlo = V::set1(t.lo), vhi = V::set1(t.hi);
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) {
    Reg v = V::load(in + i) * va + vb;
    if constexpr (kResidual) v += V::load(res + i);
    V::store(out + i, clampOf<kClamp>(v, vlo, vhi));
  }
  for (; i < n; ++i) {
    float v = in[i] * a + b;
    if constexpr (kResidual) v += res[i];
    out[i] = clampOf<kClamp>(v, t.lo, t.hi);
  }
}

// A block of channels as wide as the vector register: the block's terms stay in registers while
// the loop walks its positions (reads in order; each write a whole block, one cache line on
// AVX-512), in tiles of positions whose output stays in cache across the blocks.
template <Clamp kClamp, bool kResidual>
void unblockVectors(float* out, const float* in, const float* res, int64_t s0, int64_t s1, int64_t S, int64_t C,
                    const Terms& t) {
  constexpr int64_t B = V::kWidth, kTile = 128;
  const Reg vlo = V::set1(t.lo), vhi = V::set1(t.hi);
  for (int64_t tile = s0; tile < s1; tile += kTile) {
    const int64_t end = std::min(s1, tile + kTile);
    for (int64_t c = 0; c < C; c += B) {
      const Reg a = V::load(t.scale + c), b = V::load(t.shift + c);
      const float* src = in + c * S;
      for (int64_t s = tile; s < end; ++s) {
        Reg v = V::load(src + s * B) * a + b;
        if constexpr (kResidual) v += V::load(res + s * C + c);
        V::store(out + s * C + c, clampOf<kClamp>(v, vlo, vhi));
      }
    }
  }
}

template <Clamp kClamp, bool kResidual>
void unblockOf(float* out, const float* in, const float* res, int64_t s0, int64_t s1, int64_t S, int64_t C, int64_t B,
               const Terms& t) {
  if (B == V::kWidth) return unblockVectors<kClamp, kResidual>(out, in, res, s0, s1, S, C, t);
  for (int64_t s = s0; s < s1; ++s)
    for (int64_t c = 0; c < C; c += B)
      run<kClamp, kResidual>(out + s * C + c, in + (c * S + s * B), kResidual ? res + s * C + c : nullptr, B,
                             t.scale + c, t.shift + c, t.lo, t.hi);
}

// The max of a window's affine values, a vector of channels at a time; a value wins when greater
// or NaN (a NaN already in m stays: no comparison with it is true), as the pooling kernels.
template <Clamp kClamp>
void maxOfTapsOf(float* out, const float* const* taps, int64_t count, int64_t c, int64_t n, const Terms& t) {
  const Reg vlo = V::set1(t.lo), vhi = V::set1(t.hi);
  int64_t i = 0;
  for (; i + V::kWidth <= n; i += V::kWidth) {
    const Reg a = V::load(t.scale + c + i), b = V::load(t.shift + c + i);
    Reg m = clampOf<kClamp>(V::load(taps[0] + i) * a + b, vlo, vhi);
    for (int64_t k = 1; k < count; ++k) {
      const Reg x = clampOf<kClamp>(V::load(taps[k] + i) * a + b, vlo, vhi);
      m = ((x > m) | (x != x)) ? x : m;
    }
    V::store(out + i, m);
  }
  for (; i < n; ++i) {
    const float a = t.scale[c + i], b = t.shift[c + i];
    float m = clampOf<kClamp>(taps[0][i] * a + b, t.lo, t.hi);
    for (int64_t k = 1; k < count; ++k) {
      const float x = clampOf<kClamp>(taps[k][i] * a + b, t.lo, t.hi);
      m = (x > m || x != x) ? x : m;
    }
    out[i] = m;
  }
}

// The instance of a loop for the clamp and the presence of a residual, chosen per call.
#define EMBER_AFFINE_DISPATCH(fn, ...)                                                       \
  do {                                                                                       \
    const bool r = res != nullptr;                                                           \
    switch (t.clamp) {                                                                       \
      case Clamp::Relu: return r ? fn<Clamp::Relu, true>(__VA_ARGS__) : fn<Clamp::Relu, false>(__VA_ARGS__);   \
      case Clamp::Range: return r ? fn<Clamp::Range, true>(__VA_ARGS__) : fn<Clamp::Range, false>(__VA_ARGS__); \
      default: return r ? fn<Clamp::None, true>(__VA_ARGS__) : fn<Clamp::None, false>(__VA_ARGS__);            \
    }                                                                                        \
  } while (false)

void channelsLast(float* out, const float* in, const float* res, int64_t rows, int64_t C, const Terms& t) {
  EMBER_AFFINE_DISPATCH(channelsLastRows, out, in, res, rows, C, t);
}

void plane(float* out, const float* in, const float* res, int64_t n, int64_t c, const Terms& t) {
  EMBER_AFFINE_DISPATCH(planeOf, out, in, res, n, c, t);
}

void unblock(float* out, const float* in, const float* res, int64_t s0, int64_t s1, int64_t S, int64_t C, int64_t B,
             const Terms& t) {
  EMBER_AFFINE_DISPATCH(unblockOf, out, in, res, s0, s1, S, C, B, t);
}

#undef EMBER_AFFINE_DISPATCH

void maxOfTaps(float* out, const float* const* taps, int64_t count, int64_t c, int64_t n, const Terms& t) {
  switch (t.clamp) {
    case Clamp::Relu: return maxOfTapsOf<Clamp::Relu>(out, taps, count, c, n, t);
    case Clamp::Range: return maxOfTapsOf<Clamp::Range>(out, taps, count, c, n, t);
    default: return maxOfTapsOf<Clamp::None>(out, taps, count, c, n, t);
  }
}

}  // namespace

const Kernels& affineEpilogueKernels() {
  static const Kernels kernels{&channelsLast, &plane, &unblock, &maxOfTaps};
  return kernels;
}

}  // namespace ember::affine_epilogue::EMBER_ISA_NAMESPACE(EMBER_ISA)

#if defined(EMBER_ISA_DEFAULT)
namespace ember::affine_epilogue {
const Kernels& affineEpilogueKernels() {
  static const Kernels& chosen = []() -> const Kernels& {
    switch (cpuCapability()) {
      case CpuCapability::AVX512: return isa_AVX512::affineEpilogueKernels();
      case CpuCapability::AVX2: return isa_AVX2::affineEpilogueKernels();
      default: return isa_DEFAULT::affineEpilogueKernels();
    }
  }();
  return chosen;
}
}  // namespace ember::affine_epilogue
#endif
