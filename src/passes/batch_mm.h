// BatchMM's tree reduction (PyTorch 1.13's BatchMMTreeReduce, `torch._C._jit_pass_batch_mm`):
// a tree of `aten::add`s whose leaves are at least four `aten::mm`s becomes one
// `prim::MMTreeReduce(a1, ..., aN, b1, ..., bN)`, which the runtime computes as the single
// product [a1 ... aN] @ [b1; ...; bN] (src/runtime/ops/prim_batch_mm_ops.cpp).
//
// As in PyTorch: every add and mm of the tree has its result used once (by the tree), the two
// operands of each add have equal types, blocks containing any mutating operator are skipped
// (the alias-safe variant of the reduction is not attempted), leaves are listed root-first,
// right operand before left, and dead code is removed afterwards. Differences: ember requires the equal types
// to be complete (PyTorch also fuses unrefined `Tensor`s, wrong when the products broadcast
// against each other), so shape propagation must run first; an add whose `alpha` is not the
// constant 1 ends the tree (PyTorch 1.13 fuses it and so drops the alpha); PyTorch's
// transposed subtrees (`t()` of a tree) and the side batching of one matrix multiplied by many
// (MMBatchSide, which PyTorch only applies when it has no tree to reduce) are not done.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool batchMM(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
