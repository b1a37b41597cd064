#include "passes/inline_fork_wait.h"

#include <unordered_map>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

bool onlyWaited(const Value* future) {
  for (const Use& u : future->uses())
    if (u.user->kind() != aten::wait) return false;
  return true;
}

// Inlines the forks of `block` and of its nested blocks, recording each future's result.
void inlineForks(Block* block, std::unordered_map<const Value*, Value*>& results) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) inlineForks(sub, results);
    if (n->kind() != prim::fork || !n->hasAttribute(attr::Subgraph) || n->outputs().size() != 1) continue;
    if (!onlyWaited(n->output()) || !JIT_OPT_ALLOWED) continue;
    const auto& subgraph = n->g(attr::Subgraph);
    if (subgraph->outputs().size() != 1 || subgraph->inputs().size() != n->inputs().size()) continue;
    WithInsertPoint guard(n);
    std::vector<Value*> outs = subgraph->insertGraphInto(*n->owningGraph(), n->inputs());
    GRAPH_UPDATE("Inlining fork ", n->output()->debugName());
    results[n->output()] = outs.at(0);
  }
}

void replaceWaits(Block* block, const std::unordered_map<const Value*, Value*>& results) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) replaceWaits(sub, results);
    if (n->kind() != aten::wait || n->inputs().size() != 1) continue;
    auto found = results.find(n->input());
    if (found == results.end()) continue;
    n->output()->replaceAllUsesWith(found->second);
    n->destroy();
  }
}

void destroyForks(const std::unordered_map<const Value*, Value*>& results) {
  for (const auto& [future, result] : results) const_cast<Value*>(future)->node()->destroy();
}

}  // namespace

bool inlineForkWait(const std::shared_ptr<Graph>& graph) {
  std::unordered_map<const Value*, Value*> results;
  inlineForks(graph->block(), results);
  replaceWaits(graph->block(), results);
  destroyForks(results);
  GRAPH_DUMP("After InlineForkWait: ", graph);
  return !results.empty();
}

}  // namespace ember::jit
