// 3x3 weights transformed into the layouts of oneDNN's Winograd kernels, by ember. oneDNN's own
// reorder into them transforms each kernel with scalar loops on one thread: 256x256x3x3 took
// 10-23 ms for F(2x2, 3x3) and 23.5 ms for F(4x4, 3x3), 512x512x3x3 63-85 ms, paid by the call
// that first takes Winograd for those weights. Here: the transform vectorised over output
// channels and each transformed block written once to its place.
#pragma once

#include <dnnl_types.h>

#include "ember/tensor/tensor.h"

namespace ember::conv {

// Fills `out` (layout.format_desc.wino_desc.size bytes) with `weight` (O x I x 3 x 3, contiguous
// float32) in `layout`, a Winograd weights layout of oneDNN (wino_desc: F(2x2, 3x3) as aaOio or
// aaOBiOo, F(4x4, 3x3) as OBaaIBOIio). False, writing nothing, for a layout it does not know
// (another format, padded channels, a scale): oneDNN's reorder then makes it.
bool winogradWeightsInto(const Tensor& weight, const dnnl_memory_desc_t& layout, float* out);

}  // namespace ember::conv
