// The CPU fuser's partitioning pass (PyTorch: torch._C._jit_pass_fuse_tensorexprs). On a graph
// whose tensor inputs carry dtype, rank, device and requires_grad (the profiling executor's
// specialised graph), it merges chains of pointwise operators (tensorexpr_fuser_ops.h) into
// prim::TensorExprGroup nodes, each behind a guard, as PyTorch prints them:
//
//   %a.t : Float(*, *, ...), %b.t : Float(*, *, ...), %ok : bool = prim::TypeCheck[types=[...]](%a, %b)
//   %y : Float(*, *, ...) = prim::If(%ok)
//     block0():
//       %y.f : Float(*, *, ...) = prim::TensorExprGroup_0(%a.t, %b.t)
//       -> (%y.f)
//     block1():
//       ... the original nodes, unfused ...
//       -> (%y.u)
//
// A group is a run of fusible nodes made contiguous by moving producers next to their consumers;
// AliasDb decides whether each move is valid, so no read moves across a write to an alias, and
// the group runs its operators where they stand after the moves. Fused outputs are fresh tensors,
// as the operators' are; only `to`, which may return its input, must have no writers
// (AliasDb::hasWriters) on either side. Groups need at least two fused operators. Sizes are never
// guarded: the kernel (src/runtime/fuser/) is shape-generic.
//
// Switches: EMBER_FUSION=off (or setTensorExprFuserEnabled(false)) turns the pass into a no-op;
// EMBER_FUSION_DENY=aten::tanh,aten::exp keeps the listed operators out of every group.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Forms fusion groups; returns whether the graph changed.
bool fuseTensorExprs(const std::shared_ptr<Graph>& graph, size_t minGroupSize = 2);

// torch._C._jit_set_texpr_fuser_enabled / _jit_texpr_fuser_enabled. Enabled by default; the
// environment variable EMBER_FUSION=off|0|false disables it at start-up.
void setTensorExprFuserEnabled(bool enabled);
bool tensorExprFuserEnabled();

}  // namespace ember::jit
