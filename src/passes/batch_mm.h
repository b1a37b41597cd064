// Batched matrix products (PyTorch 1.13's BatchMM, `torch._C._jit_pass_batch_mm`), two rewrites:
//
// BatchMMTreeReduce: a tree of `aten::add`s whose leaves are at least four `aten::mm`s becomes one
// `prim::MMTreeReduce(a1, ..., aN, b1, ..., bN)`, which the runtime computes as the single
// product [a1 ... aN] @ [b1; ...; bN] (src/runtime/ops/prim_batch_mm_ops.cpp). As in PyTorch:
// every add and mm of the tree has its result used once (by the tree), the two operands of each
// add have equal types, leaves are listed root-first, right operand before left. Differences:
// ember requires the equal types to be complete (PyTorch also fuses unrefined `Tensor`s, wrong
// when the products broadcast against each other), so shape propagation must run first; an add
// whose `alpha` is not the constant 1 ends the tree (PyTorch 1.13 fuses it and so drops the
// alpha); PyTorch's transposed subtrees (`t()` of a tree) are not done.
//
// BatchMMSide, after it: at least eight `aten::mm`s in one block that share their left (or right)
// operand `w`, with no product depending on another (alias analysis must be able to move each
// before the earlier ones), are moved together and replaced by one
// `prim::MMBatchSide[side=0|1](w, x1, ..., xN)` with N outputs: w @ [x1 ... xN] split by columns,
// or [x1; ...; xN] @ w split by rows. No types are needed (as in PyTorch); the runtime splits by
// each operand's actual size where PyTorch's chunks equally.
//
// Blocks containing a mutating operator are skipped by both (PyTorch skips the whole graph when
// any block has one); dead code is removed afterwards.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool batchMM(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
