// The float32 depthwise plane kernels (see depthwise_kernels.h), written with compiler vector
// types so that each ISA copy gets its natural register width. The common filters (square 3x3
// and 5x5 with stride 1 or 2, 7x7 with stride 1) are instantiated with the kernel size and
// stride fixed, so the weights stay in registers and the tap offsets fold into the addressing;
// any other size takes a loop with run-time bounds.
#include <cstring>
#include <utility>

#include "tensor/kernels/depthwise_kernels.h"
#include "tensor/kernels/vector_register.h"
#include "tensor/kernels/vector_tail.h"

namespace ember::conv::EMBER_ISA_NAMESPACE(EMBER_ISA) {
namespace {

using V = ::ember::EMBER_ISA_NAMESPACE(EMBER_ISA)::Vec<float>;
using Reg = V::Reg;
using ::ember::EMBER_ISA_NAMESPACE(EMBER_ISA)::loadFirst;
using ::ember::EMBER_ISA_NAMESPACE(EMBER_ISA)::storeFirst;
constexpr int64_t kW = V::kWidth;

// src[0, n) to dst in whole vectors: dst[n, roundUp(n, kW)) gets zeros.
inline void copyRow(float* dst, const float* src, int64_t n) {
  int64_t i = 0;
  for (; i + kW <= n; i += kW) V::store(dst + i, V::load(src + i));
  if (i < n) V::store(dst + i, loadFirst(src + i, n - i));
}

// Columns 0, 2, 4, ... of src[0, n) to even[], columns 1, 3, ... to odd[], in whole vectors:
// both get zeros after their last column, up to a multiple of kW.
// Lanes first, first + 2, first + 4, ... of the concatenation of a and b (constant indices:
// __builtin_shufflevector, which GCC 12 and clang both have).
template <int first, size_t... I>
inline Reg everyOther(Reg a, Reg b, std::index_sequence<I...>) {
  return __builtin_shufflevector(a, b, (first + 2 * static_cast<int>(I))...);
}

void deinterleave(const float* src, int64_t n, float* even, float* odd) {
  constexpr auto lanes = std::make_index_sequence<static_cast<size_t>(kW)>();
  for (int64_t k = 0; 2 * k < n; k += kW) {
    const int64_t left = n - 2 * k;
    Reg a = left >= kW ? V::load(src + 2 * k) : loadFirst(src + 2 * k, left);
    Reg b = left >= 2 * kW ? V::load(src + 2 * k + kW) : left > kW ? loadFirst(src + 2 * k + kW, left - kW) : Reg{};
    V::store(even + k, everyOther<0>(a, b, lanes));
    V::store(odd + k, everyOther<1>(a, b, lanes));
  }
}

void pad(const float* in, int64_t rowStride, int64_t colStride, const DepthwiseGeometry& g, const DepthwiseLayout& l,
         float* scratch) {
  const int64_t sw = g.sw, pitch = l.pitch;
  for (int64_t i = 0; i < g.ih; ++i) {
    const int64_t r = i + g.padT;
    if (r >= l.rows) break;  // rows below the last output's window are never read
    const float* src = in + i * rowStride;
    float* dst = scratch + r * sw * pitch;
    if (sw == 1 && colStride == 1) {
      copyRow(dst + g.padL, src, g.iw);
    } else if (sw == 2 && colStride == 1) {
      // Input column c sits at padded column c + padL: phase (c + padL) % 2, index (c + padL) / 2.
      const int64_t p = g.padL;
      deinterleave(src, g.iw, dst + (p % 2) * pitch + p / 2, dst + ((p + 1) % 2) * pitch + (p + 1) / 2);
    } else {
      for (int64_t c = 0; c < g.iw; ++c) {
        const int64_t pc = c + g.padL;
        dst[(pc % sw) * pitch + pc / sw] = src[c * colStride];
      }
    }
  }
}

// One output row in vectors: `acc(x)` returns the sums for columns [x, x + kW). Four vectors at
// a time keep four independent chains of multiply-adds in flight.
template <typename Acc>
inline void row(float* o, int64_t ow, Acc&& acc) {
  int64_t x = 0;
  for (; x + 4 * kW <= ow; x += 4 * kW) {
    Reg a0 = acc(x), a1 = acc(x + kW), a2 = acc(x + 2 * kW), a3 = acc(x + 3 * kW);
    V::store(o + x, a0);
    V::store(o + x + kW, a1);
    V::store(o + x + 2 * kW, a2);
    V::store(o + x + 3 * kW, a3);
  }
  for (; x + kW <= ow; x += kW) V::store(o + x, acc(x));
  if (x < ow) storeFirst(o + x, acc(x), ow - x);
}

// The vectors of the fixed-size kernels: the ISA's register (Full) or, on AVX-512, half of one
// for rows of at most 8 outputs (7x7 planes would otherwise leave 9 of 16 lanes idle).
template <typename R>
struct VecOf : ::ember::EMBER_ISA_NAMESPACE(EMBER_ISA)::VectorOps<R, float> {
  // The first n (< kWidth) lanes of r to p; nothing past p + n is written.
  static void storeFirst(float* p, R r, int64_t n) {
    if constexpr (sizeof(R) == sizeof(::ember::conv::EMBER_ISA_NAMESPACE(EMBER_ISA)::Reg)) {
      ::ember::EMBER_ISA_NAMESPACE(EMBER_ISA)::storeFirst(p, r, n);
    } else {
#if defined(EMBER_ISA_AVX512)
      static_assert(sizeof(R) == 32);
      _mm256_mask_storeu_ps(p, static_cast<__mmask8>((1u << n) - 1), r);
#endif
    }
  }
};

using Full = VecOf<Reg>;
#if defined(EMBER_ISA_AVX512)
typedef float Half __attribute__((vector_size(32)));
#endif

// Output rows [y0, y0 + R) of a filter of fixed size and stride: R rows at a time give R
// independent chains of multiply-adds even when a row is one vector wide, and with stride 1 the
// rows share most of their loads (the compiler sees the same addresses).
template <typename L, int KH, int KW, int SH, int SW, int R>
inline void rowBlock(const float* scratch, const typename L::Reg* wv, typename L::Reg vb, float* out, int64_t y0,
                     const DepthwiseGeometry& g, const DepthwiseLayout& l) {
  using VR = typename L::Reg;
  constexpr int64_t kLanes = L::kWidth;
  const int64_t pitch = l.pitch, rowFloats = SW * pitch, ow = g.ow;
  const float* base = scratch + y0 * SH * rowFloats;
  float* o = out + y0 * ow;
  auto sums = [&](int64_t x, VR* acc) {
    for (int r = 0; r < R; ++r) acc[r] = vb;
#pragma GCC unroll 64
    for (int t = 0; t < KH * KW; ++t) {
      const int ky = t / KW, kx = t % KW;
#pragma GCC unroll 4
      for (int r = 0; r < R; ++r)
        acc[r] += wv[t] * L::load(base + (r * SH + ky) * rowFloats + (kx % SW) * pitch + kx / SW + x);
    }
  };
  int64_t x = 0;
  for (; x + kLanes <= ow; x += kLanes) {
    VR acc[R];
    sums(x, acc);
    for (int r = 0; r < R; ++r) L::store(o + r * ow + x, acc[r]);
  }
  if (x < ow) {
    VR acc[R];
    sums(x, acc);
    for (int r = 0; r < R; ++r) L::storeFirst(o + r * ow + x, acc[r], ow - x);
  }
}

template <typename L, int KH, int KW, int SH, int SW>
void planeLanes(const float* scratch, const float* w, float bias, float* out, const DepthwiseGeometry& g,
                const DepthwiseLayout& l) {
  constexpr int kRows = 4;
  typename L::Reg wv[KH * KW];
  for (int t = 0; t < KH * KW; ++t) wv[t] = L::set1(w[t]);
  const typename L::Reg vb = L::set1(bias);
  const int64_t oh = g.oh;
  if (oh >= kRows) {
    int64_t y = 0;
    for (; y + kRows <= oh; y += kRows) rowBlock<L, KH, KW, SH, SW, kRows>(scratch, wv, vb, out, y, g, l);
    // The last rows as a block that overlaps the previous one (those rows get the same values).
    if (y < oh) rowBlock<L, KH, KW, SH, SW, kRows>(scratch, wv, vb, out, oh - kRows, g, l);
  } else if (oh == 3) {
    rowBlock<L, KH, KW, SH, SW, 3>(scratch, wv, vb, out, 0, g, l);
  } else if (oh == 2) {
    rowBlock<L, KH, KW, SH, SW, 2>(scratch, wv, vb, out, 0, g, l);
  } else {
    rowBlock<L, KH, KW, SH, SW, 1>(scratch, wv, vb, out, 0, g, l);
  }
}

template <int KH, int KW, int SH, int SW>
void planeFixed(const float* scratch, const float* w, float bias, float* out, const DepthwiseGeometry& g,
                const DepthwiseLayout& l) {
#if defined(EMBER_ISA_AVX512)
  if (g.ow <= kW / 2) return planeLanes<VecOf<Half>, KH, KW, SH, SW>(scratch, w, bias, out, g, l);
#endif
  planeLanes<Full, KH, KW, SH, SW>(scratch, w, bias, out, g, l);
}

void planeAny(const float* scratch, const float* w, float bias, float* out, const DepthwiseGeometry& g,
              const DepthwiseLayout& l) {
  const Reg vb = V::set1(bias);
  const int64_t pitch = l.pitch, sw = g.sw, rowFloats = sw * pitch;
  for (int64_t y = 0; y < g.oh; ++y) {
    const float* base = scratch + y * g.sh * rowFloats;
    row(out + y * g.ow, g.ow, [&](int64_t x) {
      Reg a = vb;
      for (int64_t ky = 0; ky < g.kh; ++ky) {
        const float* r = base + ky * rowFloats + x;
        for (int64_t kx = 0; kx < g.kw; ++kx)
          a += V::set1(w[ky * g.kw + kx]) * V::load(r + (kx % sw) * pitch + kx / sw);
      }
      return a;
    });
  }
}

void plane(const float* scratch, const float* w, float bias, float* out, const DepthwiseGeometry& g,
           const DepthwiseLayout& l) {
  auto is = [&](int64_t k, int64_t stride) {
    return g.kh == k && g.kw == k && g.sh == stride && g.sw == stride;
  };
  if (is(3, 1)) return planeFixed<3, 3, 1, 1>(scratch, w, bias, out, g, l);
  if (is(3, 2)) return planeFixed<3, 3, 2, 2>(scratch, w, bias, out, g, l);
  if (is(5, 1)) return planeFixed<5, 5, 1, 1>(scratch, w, bias, out, g, l);
  if (is(5, 2)) return planeFixed<5, 5, 2, 2>(scratch, w, bias, out, g, l);
  if (is(7, 1)) return planeFixed<7, 7, 1, 1>(scratch, w, bias, out, g, l);
  planeAny(scratch, w, bias, out, g, l);
}

constexpr DepthwiseKernels kKernels{kW, &pad, &plane};

}  // namespace

const DepthwiseKernels& depthwiseKernels() { return kKernels; }

}  // namespace ember::conv::EMBER_ISA_NAMESPACE(EMBER_ISA)

#if defined(EMBER_ISA_DEFAULT)
namespace ember::conv {
const DepthwiseKernels& depthwiseKernels() {
  switch (cpuCapability()) {
    case CpuCapability::AVX512: return isa_AVX512::depthwiseKernels();
    case CpuCapability::AVX2: return isa_AVX2::depthwiseKernels();
    default: return isa_DEFAULT::depthwiseKernels();
  }
}
}  // namespace ember::conv
#endif
