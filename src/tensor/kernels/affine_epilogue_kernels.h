// Vectorised loops of an evaluation batch norm fused with the residual add and clamp after it:
//
//   out = clamp(in * scale[c] + shift[c] + residual)        (c: the value's channel)
//
// in the order the unfused operators round (scale-and-shift, then the add, then the clamp; the
// per-ISA copies may fuse the multiply-add, as the batch-norm kernels do). batch_norm_fused.cpp
// runs them over plain and channels-last tensors; conv_onednn.cpp over oneDNN's blocked result
// of a convolution while it moves that result into the output's channels-last layout, so that
// the batch norm costs no pass of its own, or while it max-pools that result (maxOfTaps: the
// clamps are monotonic, so the pool's input needs no pass either). affine_epilogue.isa.cpp is compiled once per ISA and
// affineEpilogueKernels() hands out the copy for this CPU.
//
// `res` is null or laid out as `out`; `out` may be `in`.
#pragma once

#include <cstdint>

#include "tensor/cpu_capability.h"
#include "tensor/epilogue_row.h"

namespace ember::affine_epilogue {

using fused_epilogue::Clamp;

// The per-channel terms (scale and shift: C floats each) and the clamp: relu (NaN stays NaN, as
// aten::relu), [lo, hi] (aten::hardtanh) or none.
struct Terms {
  const float* scale = nullptr;
  const float* shift = nullptr;
  Clamp clamp = Clamp::None;
  float lo = 0, hi = 0;
};

struct Kernels {
  // `rows` channels-last rows of C channels: element (r, c) at [r * C + c].
  void (*channelsLast)(float* out, const float* in, const float* res, int64_t rows, int64_t C, const Terms& t);
  // One plane (n values) of channel c of a contiguous tensor.
  void (*plane)(float* out, const float* in, const float* res, int64_t n, int64_t c, const Terms& t);
  // Positions [s0, s1) of one image, from oneDNN's blocked layout (nChw<B>c: channel c at
  // position s is in[((c / B) * S + s) * B + c % B], C a multiple of B) into channels-last
  // (out[s * C + c]); S is the image's number of positions.
  void (*unblock)(float* out, const float* in, const float* res, int64_t s0, int64_t s1, int64_t S, int64_t C,
                  int64_t B, const Terms& t);
  // One output position of a max pool over the affine result of its taps (count >= 1 pointers
  // to n consecutive channels from c on): out[i] = max over k of
  // clamp(taps[k][i] * scale[c + i] + shift[c + i]), NaN-propagating as aten::max_pool2d.
  void (*maxOfTaps)(float* out, const float* const* taps, int64_t count, int64_t c, int64_t n, const Terms& t);
};

const Kernels& affineEpilogueKernels();

namespace isa_DEFAULT { const Kernels& affineEpilogueKernels(); }
namespace isa_AVX2 { const Kernels& affineEpilogueKernels(); }
namespace isa_AVX512 { const Kernels& affineEpilogueKernels(); }

}  // namespace ember::affine_epilogue
