#include "passes/peephole_alias_sensitive.h"

#include <vector>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/ir/alias_analysis.h"

namespace ember::jit {

namespace {

// The rank a convolution of this kind returns for batched input, or 0 for other nodes.
int64_t convolutionOutputRank(Symbol kind) {
  static const Symbol kConv1d = Symbol::aten("conv1d"), kConv3d = Symbol::aten("conv3d");
  if (kind == kConv1d) return 3;
  if (kind == aten::conv2d) return 4;
  if (kind == kConv3d) return 5;
  return 0;
}

bool foldConvolutionDims(Node* conv, const AliasDb& aliases) {
  int64_t rank = convolutionOutputRank(conv->kind());
  if (rank == 0 || conv->outputs().size() != 1) return false;
  std::vector<Node*> dims;
  for (const Use& u : conv->output()->uses())
    if (u.user->kind() == aten::dim) dims.push_back(u.user);
  if (dims.empty() || aliases.hasWriters(conv->output())) return false;
  WithInsertPoint guard(conv);
  Value* constant = conv->owningGraph()->insertConstant(IValue(rank));
  for (Node* d : dims) {
    d->output()->replaceAllUsesWith(constant);
    d->destroy();
  }
  return true;
}

bool run(Block* block, const AliasDb& aliases) {
  bool changed = false;
  for (Node* n : block->nodes()) {
    for (Block* b : n->blocks()) changed |= run(b, aliases);
    changed |= foldConvolutionDims(n, aliases);
  }
  return changed;
}

}  // namespace

bool peepholeOptimizeAliasSensitive(const std::shared_ptr<Graph>& graph) {
  // Removing aten::dim nodes changes no writer, so one analysis serves the whole walk.
  AliasDb aliases(graph);
  return run(graph->block(), aliases);
}

}  // namespace ember::jit
