#include "passes/frozen_graph_optimizations.h"

#include "passes/dead_code_elimination.h"
#include "passes/fold_frozen_batch_norm.h"
#include "passes/fold_frozen_conv_arithmetic.h"
#include "passes/remove_dropout.h"

namespace ember::jit {

bool optimizeFrozenGraph(const std::shared_ptr<Graph>& graph, bool optimizeNumerics) {
  bool changed = removeDropout(graph);
  if (optimizeNumerics) {
    // Each fold leaves a convolution or linear that the next may extend (conv -> bn -> mul).
    for (bool again = true; again;) {
      again = foldFrozenConvBatchNorm(graph);
      again |= foldFrozenConvAddOrSub(graph);
      again |= foldFrozenConvMulOrDiv(graph);
      again |= foldFrozenLinearBatchNorm(graph);
      changed |= again;
    }
  }
  if (changed) eliminateDeadCode(graph);
  return changed;
}

}  // namespace ember::jit
