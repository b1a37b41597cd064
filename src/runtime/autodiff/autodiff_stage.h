// The executor's differentiable-graph stage (the spec's "Derivate Splitting"): on a specialised
// graph whose guards say an input requires grad, with grad mode on, groups differentiable nodes
// into prim::DifferentiableGraph nodes (passes/create_autodiff_subgraphs.h), tells each group
// which of its inputs can require grad (from the guards; values computed only from inputs that
// do not are known not to), differentiates it (differentiate.h) and optimises its forward graph
// (fusion inside f: f runs without grad, so the fuser may take its pointwise chains).
#pragma once

#include <memory>

namespace ember::jit {

class Graph;

// Returns whether a group was made. Runs when a guard says an input requires grad, or when
// `profiledRequiresGrad` (a profiled tensor did, e.g. a module parameter).
bool splitDifferentiableGraphs(const std::shared_ptr<Graph>& graph, bool profiledRequiresGrad = false);

// JIT autodiff on or off for plans compiled from now on (default on; EMBER_AUTODIFF=off at
// start-up turns it off): off, every operator records its own eager node.
void setAutodiffEnabled(bool enabled);
bool getAutodiffEnabled();

}  // namespace ember::jit
