// Vectorised float32 depthwise convolution of one plane (NCHW; any kernel size and stride, any
// padding, dilation 1). depthwise.isa.cpp is compiled once per instruction set;
// depthwiseKernels() hands out the copy for the CPU's capability.
//
// A plane is first copied into a zero-padded scratch ("padded plane"), so that the inner loop is
// branch-free: unaligned loads and multiply-adds over a row of outputs, one vector at a time.
// With a horizontal stride s, each padded row is split into s phases (phase q holds padded
// columns q, q + s, q + 2s, ...), so kernel column kx of output column x reads phase kx % s at
// index x + kx / s: contiguous again. Each phase row is `pitch` floats long, enough for the last
// (partial) vector of outputs to read past the row's end into zeros; the result's tail is
// stored partially, so nothing is written past a row of the output.
//
// The scratch is zeroed once (DepthwiseLayout::floats); pad() writes only the interior (in whole
// vectors, the part of the last one past the row being zeros), so the zeros around it stay for
// every plane of the same geometry.
#pragma once

#include <cstdint>

#include "tensor/cpu_capability.h"

namespace ember::conv {

struct DepthwiseGeometry {
  int64_t ih, iw;      // input plane
  int64_t oh, ow;      // output plane
  int64_t kh, kw;      // kernel
  int64_t sh, sw;      // stride
  int64_t padT, padL;  // zeros above and left of the input (below and right follow from oh, ow)
};

struct DepthwiseLayout {
  int64_t rows;    // padded rows the outputs read: sh * (oh - 1) + kh
  int64_t pitch;   // floats per phase row
  int64_t floats;  // scratch size: rows * sw * pitch
};

// The padded plane's layout for vectors of `width` floats.
inline DepthwiseLayout depthwiseLayout(const DepthwiseGeometry& g, int64_t width) {
  DepthwiseLayout l;
  l.rows = g.sh * (g.oh - 1) + g.kh;
  auto roundUp = [width](int64_t n) { return (n + width - 1) / width * width; };
  const int64_t readEnd = roundUp(g.ow) + (g.kw - 1) / g.sw;  // what the plane's loads touch
  // What pad() writes: each phase's columns from at most ceil(padL / sw), in whole vectors.
  const int64_t writeEnd = (g.padL + g.sw - 1) / g.sw + roundUp((g.iw + g.sw - 1) / g.sw);
  l.pitch = readEnd > writeEnd ? readEnd : writeEnd;
  l.floats = l.rows * g.sw * l.pitch;
  return l;
}

struct DepthwiseKernels {
  int64_t width;  // floats per vector register (the layout's `width`)
  // Copies the input plane (element (i, j) at in[i * rowStride + j * colStride]) into the
  // interior of the padded plane.
  void (*pad)(const float* in, int64_t rowStride, int64_t colStride, const DepthwiseGeometry& g,
              const DepthwiseLayout& l, float* scratch);
  // out[y * ow + x] = bias + sum over ky, kx of w[ky * kw + kx] * padded(y * sh + ky, x * sw + kx).
  void (*plane)(const float* scratch, const float* w, float bias, float* out, const DepthwiseGeometry& g,
                const DepthwiseLayout& l);
};

const DepthwiseKernels& depthwiseKernels();

namespace isa_DEFAULT { const DepthwiseKernels& depthwiseKernels(); }
namespace isa_AVX2 { const DepthwiseKernels& depthwiseKernels(); }
namespace isa_AVX512 { const DepthwiseKernels& depthwiseKernels(); }

}  // namespace ember::conv
