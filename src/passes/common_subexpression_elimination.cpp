// CSE: one walk over each block in order, with a hash set of the nodes seen so far in the block;
// nested blocks look up in their own set, then in the sets of the enclosing blocks (only nodes
// before the block-carrying node are in those, so a match dominates the node it replaces).
//
// Attributes compare by value. Floats compare by bits (PyTorch compares with ==, which would
// merge the constants 0.0 and -0.0); tensor attributes only when they are the same tensor
// (PyTorch also merges equal tensors of the same type).
#include "passes/common_subexpression_elimination.h"

#include <functional>
#include <unordered_set>

#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"
#include "passes/node_hashing.h"

namespace ember::jit {

namespace {

struct HashNode {
  size_t operator()(const Node* n) const {
    size_t h = n->kind().id();
    for (const Value* out : n->outputs()) h = hashCombine(h, static_cast<size_t>(out->type()->kind()));
    for (const Value* in : n->inputs()) h = hashCombine(h, in->unique());
    if (n->kind() == prim::Constant)
      h = hashCombine(h, hashNodeAttributes(n));
    return h;
  }
};

struct EqualNode {
  bool operator()(const Node* a, const Node* b) const {
    if (a->kind() != b->kind()) return false;
    if (a->outputs().size() != b->outputs().size() || a->inputs().size() != b->inputs().size()) return false;
    for (size_t i = 0; i < a->outputs().size(); ++i)
      if (!(*a->output(i)->type() == *b->output(i)->type())) return false;
    for (size_t i = 0; i < a->inputs().size(); ++i)
      if (a->input(i) != b->input(i)) return false;
    std::vector<Symbol> names = a->attributeNames();
    if (names.size() != b->attributeNames().size()) return false;
    for (Symbol name : names)
      if (!nodeAttributeEqual(a, b, name)) return false;
    return a->blocks().empty() && b->blocks().empty();
  }
};

// Node::hasSideEffects plus operators registered as CONSERVATIVE; nested blocks are walked by
// the pass itself.
bool hasOwnSideEffects(const Node* n) {
  if (n->hasSideEffects()) return true;
  const Operator* op = n->maybeOperator();
  return op && op->aliasAnalysisKind() == AliasAnalysisKind::CONSERVATIVE;
}

using Lookup = std::function<Node*(Node*)>;

class CommonSubexpressionEliminator {
 public:
  explicit CommonSubexpressionEliminator(std::shared_ptr<Graph> graph) : graph_(std::move(graph)) {}

  bool run() {
    return run(graph_->block(), [](Node*) -> Node* { return nullptr; });
  }

 private:
  AliasDb& aliasDb() {
    if (!aliasDb_) aliasDb_ = std::make_unique<AliasDb>(graph_);
    return *aliasDb_;
  }

  static void replaceNode(Node* n, Node* with) {
    for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replaceAllUsesWith(with->output(i));
  }

  bool run(Block* block, const Lookup& parentLookup) {
    std::unordered_set<Node*, HashNode, EqualNode> seen;
    bool changed = false;
    for (auto it = block->nodes().begin(); it != block->nodes().end(); ++it) {
      Node* n = *it;
      if (hasOwnSideEffects(n) || n->isNondeterministic()) continue;
      if (!n->blocks().empty()) {
        Lookup lookup = [&](Node* m) -> Node* {
          auto found = seen.find(m);
          return found != seen.end() ? *found : parentLookup(m);
        };
        for (Block* b : n->blocks()) changed |= run(b, lookup);
        continue;
      }
      if (aliasDb().hasWriters(n)) continue;

      if (Node* outer = parentLookup(n)) {
        if (!aliasDb().safeToChangeAliasingRelationship(n->outputs(), outer->outputs())) continue;
        replaceNode(n, outer);
        it.destroyCurrent();
        changed = true;
        continue;
      }
      auto [pos, inserted] = seen.insert(n);
      if (inserted) continue;
      Node* existing = *pos;
      // Two graph outputs that were distinct values must stay distinct.
      ArrayRef<Value*> graphOutputs = graph_->outputs();
      if (aliasDb().mayContainAlias(n->outputs(), graphOutputs) &&
          aliasDb().mayContainAlias(existing->outputs(), graphOutputs))
        continue;
      replaceNode(n, existing);
      it.destroyCurrent();
      changed = true;
    }
    return changed;
  }

  std::shared_ptr<Graph> graph_;
  std::unique_ptr<AliasDb> aliasDb_;
};

}  // namespace

bool eliminateCommonSubexpression(const std::shared_ptr<Graph>& graph) {
  return CommonSubexpressionEliminator(graph).run();
}

}  // namespace ember::jit
