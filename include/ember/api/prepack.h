// Packing a module's weights for inference before its first call.
//
//   Module model = ember::jit::load("model.pt");   // saved in eval mode
//   ember::jit::prepack_weights(model);            // `ember run` and `ember bench` do this
//   model.forward({x});                            // linear layers run packed from this call on
//
// A linear layer's weights are otherwise packed on their second use: a model called once would
// not pay the copy back. A module in eval mode is called again, so packing them at load moves
// that work out of the first two calls (PyTorch's frozen modules pre-pack MKLDNN weights too).
#pragma once

#include <cstddef>

#include "ember/api/module.h"

namespace ember::jit {

// Packs the float32 weights of the linear layers that the methods of `module` and of its
// submodules read (aten::linear's weight, the projections of the transformer fast path:
// aten::_transformer_encoder_layer_fwd and aten::_native_multi_head_attention) when they are
// attributes reached from the method's self or constants (a frozen module's), into the layout of
// the packed linear route (tensor/linear_onednn.h), kept in the blocked-weight cache until the
// weights are written or freed. Returns how many weights are packed. Does nothing for a module in
// training mode, whose weights an optimiser writes every step. Results are unchanged: the packed
// route is the one the second call would take.
size_t prepack_weights(const Module& module);

}  // namespace ember::jit
