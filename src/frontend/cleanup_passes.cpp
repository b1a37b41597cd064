#include "frontend/cleanup_passes.h"

#include "passes/canonicalize_outputs.h"
#include "passes/constant_pooling.h"
#include "passes/constant_propagation.h"
#include "passes/dead_code_elimination.h"
#include "passes/lower_tuples.h"

namespace ember::jit {

void runFrontendCleanupPasses(std::shared_ptr<Graph>& graph) {
  lowerSimpleTuples(graph);
  constantPropagationImmutableTypes(graph);
  constantPooling(graph);
  eliminateDeadCode(graph);
  constantPooling(graph);
  canonicalizeOutputs(graph);
}

}  // namespace ember::jit
