// ChannelsLastRegions (specialised graphs): runs whole convolution nets in channels-last memory
// format. ember's convolutions run in nhwc (oneDNN's brgconv), so with NCHW activations every
// convolution reorders its input to nhwc and its output back, and NCHW pooling is slower than
// channels-last pooling; the ops around the convolutions all keep the format of their input. The
// pass finds regions of such layout-agnostic ops (channelsLastAgnosticInputs below) connected by
// their activations, through the branches of prim::If nodes, converts each region's entries once:
//
//   %xc = aten::contiguous(%x, 2)          (memory_format=torch.channels_last)
//
// and makes every value leaving the region (used by another op, in a loop or returned) NCHW-
// contiguous again, `aten::contiguous(%v, 0)`, so results and strides stay what PyTorch returns.
// Uses that read only the shape (aten::size, aten::dim, ...) are not exits.
//
// Conditions (a region is left alone otherwise): it holds kChannelsLastMinConvolutions
// convolutions; each converted entry is profiled as a 4-D float32 NCHW-contiguous tensor with
// requires_grad=0 (a side operand of add/mul/sub that is not is left unconverted); with AliasDb, no region op writes in place to an
// entry and nothing writes it between the conversion and the last region read; an op outside the
// region writing a region value runs after all region ops (or in another branch of an If); no
// region op writes a leaving value after it left. Nothing inside a loop body joins a region.
// See docs/internals/passes.md, "Channels-last regions".
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

namespace ember::jit {

class Graph;
class Node;

// Which inputs of `node` carry the activation when the node is a layout-agnostic op that keeps
// channels-last (empty optional otherwise). The one list of such ops: add a fused convolution
// here. Binary ops list both tensor operands.
std::optional<std::vector<size_t>> channelsLastAgnosticInputs(const Node* node);

// Regions need this many convolutions to pay for their conversions: ember's copy into and out
// of channels-last cost more than oneDNN's own reorders of one or two convolutions (1x64x56x56,
// 3x3, 1 thread: conv + relu 1.83 against 1.53-1.58 ms; conv + depthwise conv 1.80 against
// 1.57-1.62; three convolutions 4.7-6.0 against 6.1 ms).
inline constexpr size_t kChannelsLastMinConvolutions = 3;

bool channelsLastRegions(const std::shared_ptr<Graph>& graph,
                         size_t minConvolutions = kChannelsLastMinConvolutions);

}  // namespace ember::jit
