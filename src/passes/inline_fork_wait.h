// InlineForkWait: a `prim::fork` runs its subgraph inline where the fork was, and each
// `aten::wait` on its future reads the subgraph's result, so the program runs sequentially
// (what PyTorch's InlineForkWait does before exporting or when forks are not worth a thread).
//
// Differs from PyTorch 1.13 on purpose: waits inside nested blocks are replaced too (PyTorch
// leaves them waiting on a Tensor, an ill-typed graph), and a fork whose future is used by
// anything other than aten::wait (returned, stored in a list) is left alone instead of having
// its future replaced by a tensor.
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

bool inlineForkWait(const std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
