// Unit tests for the float32 depthwise plane kernels (src/tensor/kernels/depthwise.isa.cpp), each
// ISA copy the CPU can run called directly: the specialised kernel sizes and the run-time one,
// horizontal strides 1-3 (the phase split), row widths below, at and across the vector widths
// (partial last vectors), asymmetric padding, strided input planes, and no writes past a row.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "tensor/cpu_capability.h"
#include "tensor/kernels/depthwise_kernels.h"

namespace ember::conv {
namespace {

const DepthwiseKernels* kernelsFor(CpuCapability cap) {
  if (cap > cpuCapability()) return nullptr;
  switch (cap) {
    case CpuCapability::AVX512: return &isa_AVX512::depthwiseKernels();
    case CpuCapability::AVX2: return &isa_AVX2::depthwiseKernels();
    default: return &isa_DEFAULT::depthwiseKernels();
  }
}

// Deterministic values in [-2, 2).
std::vector<float> pseudoRandom(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  uint32_t x = seed * 2654435761u + 12345u;
  for (float& f : v) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    f = static_cast<float>(x % 4000) / 1000.0f - 2.0f;
  }
  return v;
}

struct Case {
  int64_t ih, iw, kh, kw, sh, sw, padT, padL, padB, padR;
};

// Runs one plane through `k` with the input at column stride `colStride` and checks it against
// the definition, and that the guard floats after the plane stay untouched.
void check(const DepthwiseKernels& k, const Case& c, int64_t colStride, const char* isa) {
  DepthwiseGeometry g{c.ih, c.iw, 0, 0, c.kh, c.kw, c.sh, c.sw, c.padT, c.padL};
  g.oh = (c.ih + c.padT + c.padB - c.kh) / c.sh + 1;
  g.ow = (c.iw + c.padL + c.padR - c.kw) / c.sw + 1;
  ASSERT_GT(g.oh, 0);
  ASSERT_GT(g.ow, 0);
  const int64_t rowStride = c.iw * colStride + 3;
  std::vector<float> in = pseudoRandom(static_cast<size_t>(c.ih * rowStride), static_cast<uint32_t>(c.iw * 7 + c.kw));
  std::vector<float> w = pseudoRandom(static_cast<size_t>(c.kh * c.kw), 99);
  const float bias = 0.375f;
  const DepthwiseLayout l = depthwiseLayout(g, k.width);
  std::vector<float> scratch(static_cast<size_t>(l.floats), 0.0f);
  constexpr int64_t kGuard = 64;
  const float sentinel = 1234.5f;
  std::vector<float> out(static_cast<size_t>(g.oh * g.ow + kGuard), sentinel);
  // Two planes through one scratch, as the convolution runs them: the second must not see the
  // first's data in its padding.
  std::vector<float> other(in.size(), 100.0f);
  k.pad(other.data(), rowStride, colStride, g, l, scratch.data());
  k.plane(scratch.data(), w.data(), bias, out.data(), g, l);
  k.pad(in.data(), rowStride, colStride, g, l, scratch.data());
  k.plane(scratch.data(), w.data(), bias, out.data(), g, l);
  for (int64_t y = 0; y < g.oh; ++y)
    for (int64_t x = 0; x < g.ow; ++x) {
      double want = bias;
      for (int64_t ky = 0; ky < c.kh; ++ky)
        for (int64_t kx = 0; kx < c.kw; ++kx) {
          const int64_t iy = y * c.sh + ky - c.padT, ix = x * c.sw + kx - c.padL;
          if (iy < 0 || iy >= c.ih || ix < 0 || ix >= c.iw) continue;
          want += static_cast<double>(w[ky * c.kw + kx]) * in[iy * rowStride + ix * colStride];
        }
      ASSERT_NEAR(out[y * g.ow + x], want, 1e-4 * (1 + std::abs(want)))
          << isa << " ih=" << c.ih << " iw=" << c.iw << " k=" << c.kh << "x" << c.kw << " s=" << c.sh << "," << c.sw
          << " pad=" << c.padT << "," << c.padL << "," << c.padB << "," << c.padR << " at y=" << y << " x=" << x;
    }
  for (int64_t i = g.oh * g.ow; i < g.oh * g.ow + kGuard; ++i)
    ASSERT_EQ(out[i], sentinel) << isa << " wrote past the plane at " << i;
}

TEST(DepthwiseKernels, EveryIsaMatchesTheDefinition) {
  const int64_t kernels[][2] = {{3, 3}, {5, 5}, {7, 7}, {1, 1}, {2, 4}, {3, 1}};
  int ran = 0;
  for (CpuCapability cap : {CpuCapability::Default, CpuCapability::AVX2, CpuCapability::AVX512}) {
    const DepthwiseKernels* k = kernelsFor(cap);
    if (!k) continue;
    ++ran;
    const char* isa = cpuCapabilityName(cap);
    for (const auto& kk : kernels)
      for (int64_t sw = 1; sw <= 3; ++sw)
        for (int64_t iw : {1, 3, 7, 8, 15, 16, 17, 33, 40, 64, 71})
          for (int64_t pad : {0, 1, 2}) {
            if (iw + 2 * pad < kk[1]) continue;
            const int64_t ih = 1 + (iw % 5) + kk[0];
            check(*k, {ih, iw, kk[0], kk[1], 1 + (sw == 3), sw, pad, pad, pad, pad}, 1, isa);
          }
    // Asymmetric padding (padding='same' with an even kernel), wide padding, strided columns.
    check(*k, {6, 20, 4, 4, 1, 1, 1, 1, 2, 2}, 1, isa);
    check(*k, {5, 9, 3, 3, 2, 2, 3, 3, 3, 3}, 1, isa);
    check(*k, {9, 37, 3, 3, 2, 2, 1, 0, 0, 1}, 1, isa);
    check(*k, {9, 37, 3, 3, 1, 1, 1, 1, 1, 1}, 3, isa);
    check(*k, {9, 37, 3, 3, 2, 2, 1, 1, 1, 1}, 2, isa);
    check(*k, {1, 1, 1, 1, 1, 1, 0, 0, 0, 0}, 1, isa);
  }
  EXPECT_GE(ran, 1);
}

}  // namespace
}  // namespace ember::conv
