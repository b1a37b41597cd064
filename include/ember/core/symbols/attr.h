// attr:: symbols: node attribute names.
#pragma once

#include "ember/core/symbol.h"

#define EMBER_FORALL_ATTR_SYMBOLS(_)                                                              \
  _(value) _(name) _(Subgraph) _(ReverseSubgraph) _(types) _(profiled_type) _(chunks) _(dim)      \
  _(dims) _(inplace) _(slot) _(axis) _(axes) _(shape) _(size) _(perm) _(alpha) _(beta) _(scope)  \
  _(num_outputs) _(cache_id) _(f_real_outputs) _(df_input_vjps) _(df_input_captured_inputs)      \
  _(df_input_captured_outputs) _(df_output_vjps) _(index) _(offset) _(output_layout) _(fuser)    \
  _(check_inputs) _(kind) _(symbolic_shape_inputs) _(striding_inputs_desc) _(seen_none)

namespace ember::jit {
EMBER_DEFINE_SYMBOL_NAMESPACE(attr, 3, EMBER_FORALL_ATTR_SYMBOLS)
}  // namespace ember::jit
