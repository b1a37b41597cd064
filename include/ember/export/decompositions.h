// Core-ATen decompositions of exported programs (ep.run_decompositions()): operators that
// PyTorch implements by calling other operators (CompositeImplicitAutograd in PyTorch 1.13) are
// rewritten into the operators PyTorch's dispatcher would record, so an exported graph can be
// lowered to a small op set and compared with make_fx captures:
//
//   linear          -> t + addmm (2-D input with bias), t + mm (no bias),
//                      t + view + addmm + view (3-D input with bias)
//   conv1d/2d/3d    -> convolution
//   layer_norm      -> native_layer_norm + getitem
//   softmax, log_softmax -> _softmax, _log_softmax
//   max_pool2d      -> max_pool2d_with_indices + getitem
//   adaptive_avg_pool2d -> mean.dim (output 1x1) or _adaptive_avg_pool2d
//   flatten, reshape -> view;  matmul of 2-D operands -> mm
//   dropout (not training), contiguous of a contiguous tensor -> nothing
//
// Operators without an entry, or whose arguments a rule does not handle, are kept.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "ember/export/exported_program.h"

namespace ember::exporter {

class DecompositionContext;
// Returns the value that replaces the node, or nullopt to keep the node as it is.
using Decomposition = std::function<std::optional<FxArg>(DecompositionContext& ctx, const FxNode& node)>;
using DecompositionTable = std::map<std::string, Decomposition>;  // by target, "aten.linear.default"

const DecompositionTable& coreAtenDecompositions();

// A copy of `ep` with the table's rules applied to its nodes (not to the nodes the rules emit).
ExportedProgram runDecompositions(const ExportedProgram& ep, const DecompositionTable& table);

class DecompositionContext {
 public:
  virtual ~DecompositionContext() = default;
  // Argument i (or keyword `name`) of the node being rewritten, mapped into the new graph;
  // nullopt when absent.
  virtual std::optional<FxArg> arg(const FxNode& node, size_t i, const char* name) = 0;
  // Emits a node in the new graph carrying the rewritten node's metadata and `val`.
  virtual FxNode* emit(const std::string& target, std::vector<FxArg> args,
                       std::vector<std::pair<std::string, FxArg>> kwargs, MetaVal val) = 0;
  // A literal or nodes computing a symbolic size.
  virtual FxArg sym(const SymInt& e) = 0;
};

}  // namespace ember::exporter
