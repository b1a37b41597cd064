#include "frontend/compile_passes.h"

#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/core/symbols.h"
#include "frontend/cleanup_passes.h"

namespace ember::jit {
namespace {

void collectEmptyListLiterals(Block* b, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) {
    if (n->kind() == prim::EmptyListLiteral) out.push_back(n);
    for (Block* sub : n->blocks()) collectEmptyListLiterals(sub, out);
  }
}

void collectForks(Block* b, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) {
    for (Block* sub : n->blocks()) collectForks(sub, out);
    if (n->kind() == prim::fork && n->blocks().size() == 1) out.push_back(n);
  }
}

// Values used inside `b` (or its nested blocks) that are defined outside it, in order of first use.
void collectCaptures(Block* b, Block* root, std::vector<Value*>& out, std::unordered_set<Value*>& seen) {
  auto definedInside = [root](Value* v) {
    for (Block* owner = v->node()->owningBlock(); owner; owner = owner->owningNode() ? owner->owningNode()->owningBlock() : nullptr)
      if (owner == root) return true;
    return false;
  };
  auto visit = [&](Value* v) {
    if (!definedInside(v) && seen.insert(v).second) out.push_back(v);
  };
  for (Node* n : b->nodes()) {
    for (Value* v : n->inputs()) visit(v);
    for (Block* sub : n->blocks()) collectCaptures(sub, root, out, seen);
  }
  for (Value* v : b->outputs()) visit(v);
}

}  // namespace

void liftForkBlocks(Graph& graph) {
  std::vector<Node*> forks;
  collectForks(graph.block(), forks);
  for (Node* fork : forks) {
    Block* body = fork->blocks()[0];
    std::vector<Value*> captures;
    std::unordered_set<Value*> seen;
    collectCaptures(body, body, captures, seen);
    auto sub = std::make_shared<Graph>();
    std::unordered_map<Value*, Value*> map;
    for (Value* v : captures) {
      Value* in = sub->addInput()->setType(v->type());
      if (v->hasDebugName()) in->setDebugName(v->debugName());
      map[v] = in;
      fork->addInput(v);
    }
    auto mapper = [&](Value* v) { return map.at(v); };
    for (Node* n : body->nodes()) {
      Node* copy = sub->insertNode(sub->createClone(n, mapper));
      for (size_t i = 0; i < n->outputs().size(); ++i) map[n->output(i)] = copy->output(i);
    }
    for (Value* out : body->outputs()) sub->registerOutput(map.at(out));
    fork->g_(attr::Subgraph, sub);
    fork->eraseBlock(0);
  }
}

void replaceEmptyListLiterals(Graph& graph) {
  std::vector<Node*> literals;
  collectEmptyListLiterals(graph.block(), literals);
  for (Node* n : literals) {
    if (n->output()->hasUses()) {
      WithInsertPoint guard(n);
      Node* list = graph.insertNode(graph.createList(TensorType::get(), {}));
      list->output()->copyMetadata(n->output());
      n->output()->replaceAllUsesWith(list->output());
    }
    n->destroy();
  }
}

void runCleanupPasses(std::shared_ptr<Graph>& graph) { runFrontendCleanupPasses(graph); }

}  // namespace ember::jit
