// Constant pooling. Constants are bucketed by a hash of their type and attributes; within a
// bucket sameConstant decides. Nodes are visited in order, blocks included, so the first of equal
// constants survives and takes over the uses of the later ones.
#include "passes/constant_pooling.h"

#include <functional>
#include <unordered_map>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "passes/node_hashing.h"
#include "passes/mutable_types.h"

namespace ember::jit {

namespace {

size_t hashConstant(const Node* n) {
  size_t h = std::hash<std::string>()(n->output()->type()->str());
  h = hashCombine(h, hashNodeAttributes(n));
  return h;
}

class ConstantPooler {
 public:
  explicit ConstantPooler(Graph& graph) : graph_(graph) {}
  bool changed() const { return changed_; }

  void run(Block* block) {
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
      Node* n = *it++;  // n may move to the graph's front
      if (!n->blocks().empty()) {
        for (Block* b : n->blocks()) run(b);
        continue;
      }
      if (n->kind() == prim::Constant && n->outputs().size() == 1) pool(n);
    }
  }

 private:
  void pool(Node* n) {
    std::vector<Node*>& bucket = buckets_[hashConstant(n)];
    for (Node* existing : bucket) {
      if (sameConstant(existing, n)) {
        // Equal lists or tensors are still distinct objects: a later mutation of one must not
        // show through the other, so such a duplicate stays where it is.
        if (isMutableType(n->output()->type())) return;
        n->output()->replaceAllUsesWith(existing->output());
        n->destroy();
        changed_ = true;
        return;
      }
    }
    bucket.push_back(n);
    Node* front = graph_.nodes().front();
    if (front != n) {
      n->moveBefore(front);
      changed_ = true;
    }
  }

  Graph& graph_;
  bool changed_ = false;
  std::unordered_map<size_t, std::vector<Node*>> buckets_;
};

}  // namespace

bool sameConstant(const Node* a, const Node* b) {
  if (a->kind() != prim::Constant || b->kind() != prim::Constant) return false;
  if (a->outputs().size() != 1 || b->outputs().size() != 1) return false;
  if (!(*a->output()->type() == *b->output()->type())) return false;
  std::vector<Symbol> names = a->attributeNames();
  if (names.size() != b->attributeNames().size()) return false;
  for (Symbol name : names)
    if (!nodeAttributeEqual(a, b, name)) return false;
  return true;
}

bool constantPooling(const std::shared_ptr<Graph>& graph) {
  ConstantPooler pooler(*graph);
  pooler.run(graph->block());
  return pooler.changed();
}

}  // namespace ember::jit
