#include "passes/canonicalize.h"

#include <unordered_map>

#include "ember/error.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"

namespace ember::jit {

std::shared_ptr<Graph> canonicalize(const std::shared_ptr<Graph>& graph, bool keepUniqueNames) {
  auto result = std::make_shared<Graph>();
  std::unordered_map<const Value*, Value*> env;
  auto lookup = [&](Value* v) -> Value* {
    auto it = env.find(v);
    EMBER_ASSERT(it != env.end(), "value %", v->debugName(), " is used before it is defined");
    return it->second;
  };
  for (Value* in : graph->inputs()) {
    Value* copy = result->addInput()->copyMetadata(in);
    if (!keepUniqueNames) copy->setDebugName("");
    env[in] = copy;
  }
  for (Node* n : graph->nodes()) {
    Node* copy = result->appendNode(result->createClone(n, lookup));
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      if (!keepUniqueNames) copy->output(i)->setDebugName("");
      env[n->output(i)] = copy->output(i);
    }
  }
  for (Value* out : graph->outputs()) result->registerOutput(lookup(out));
  GRAPH_DUMP("After Canonicalize: ", result);
  return result;
}

}  // namespace ember::jit
