// The clean-up the frontend runs on each graph right after convertToSSA, in PyTorch 1.13's order
// (runCleanupPasses): lift closures and inline forked closures (not needed yet: nothing emits
// closures), lower simple tuples, constant propagation on immutable types, constant pooling,
// canonicalize outputs (a no-op here), then dead code elimination.
//
// PyTorch's compiled graphs show their constants hoisted in source order, i.e. pooled twice
// (each pooling reverses the order it hoists in), so the pipeline ends with a second pooling.
#pragma once

#include <memory>

#include "ember/ir/ir.h"

namespace ember::jit {

// Named apart from compile_passes.h's runCleanupPasses (the emitter's entry point), which is
// meant to call this.
void runFrontendCleanupPasses(std::shared_ptr<Graph>& graph);

}  // namespace ember::jit
