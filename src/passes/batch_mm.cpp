// Batch matrix products: one walk per block builds "tree tokens" (how many mm leaves an add tree
// has) bottom-up in node order, then every root tree of at least kMinLeaves leaves is replaced.
#include "passes/batch_mm.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ember/core/function_schema.h"
#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"
#include "passes/dead_code_elimination.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {

namespace {

constexpr size_t kMinLeaves = 4;
// Side batching needs this many products sharing an operand (PyTorch: "8 is the current loop
// unrolling factor").
constexpr size_t kMinSideProducts = 8;

struct Token {
  size_t leaves = 0;
  bool root = true;
};

// The overload, from the node's resolved schema (Node::matches would parse a schema per node).
bool isOverload(const Node* n, Symbol kind, const char* overload) {
  if (n->kind() != kind) return false;
  const FunctionSchema* s = n->maybeSchema();
  return s && s->overloadName() == overload;
}

bool isMM(const Node* n) { return isOverload(n, aten::mm, ""); }

bool isUnitAdd(const Node* n) {
  if (!isOverload(n, aten::add, "Tensor")) return false;
  auto alpha = toIValue(n->input(2));
  return alpha && ((alpha->isInt() && alpha->toInt() == 1) || (alpha->isDouble() && alpha->toDouble() == 1.0));
}

bool completeAndEqual(const Value* a, const Value* b) {
  auto ta = std::dynamic_pointer_cast<TensorType>(a->type());
  auto tb = std::dynamic_pointer_cast<TensorType>(b->type());
  return ta && tb && ta->isComplete() && ta->equals(*tb);
}

bool hasMutation(const Block* block) {
  for (const Node* n : block->nodes()) {
    const FunctionSchema* s = n->maybeSchema();
    if (s && s->isMutable()) return true;
  }
  return false;
}

class TreeReducer {
 public:
  bool runBlock(Block* block) {
    bool changed = false;
    for (Node* n : block->nodes())
      for (Block* sub : n->blocks()) changed |= runBlock(sub);
    if (hasMutation(block)) return changed;
    std::unordered_map<Node*, Token> tokens;
    std::vector<Node*> order;
    for (Node* n : block->nodes()) {
      if (isMM(n)) {
        tokens[n] = Token{1, true};
        order.push_back(n);
      } else if (isUnitAdd(n)) {
        Token* l = operandToken(tokens, n->input(0));
        Token* r = operandToken(tokens, n->input(1));
        if (!l || !r || l == r || !completeAndEqual(n->input(0), n->input(1))) continue;
        l->root = r->root = false;
        tokens[n] = Token{l->leaves + r->leaves, true};
        order.push_back(n);
      }
    }
    for (Node* n : order) {
      const Token& t = tokens[n];
      if (!t.root || t.leaves < kMinLeaves || !JIT_OPT_ALLOWED) continue;
      reduce(n);
      changed = true;
    }
    return changed;
  }

 private:
  // The token of an add/mm operand the tree may absorb: a root, used only here.
  static Token* operandToken(std::unordered_map<Node*, Token>& tokens, Value* v) {
    auto it = tokens.find(v->node());
    if (it == tokens.end() || !it->second.root || v->uses().size() != 1) return nullptr;
    return &it->second;
  }

  static void reduce(Node* root) {
    std::vector<Value*> lhs, rhs;
    std::vector<Node*> stack{root};
    while (!stack.empty()) {
      Node* n = stack.back();
      stack.pop_back();
      if (n->kind() == aten::mm) {
        lhs.push_back(n->input(0));
        rhs.push_back(n->input(1));
      } else {
        stack.push_back(n->input(0)->node());
        stack.push_back(n->input(1)->node());
      }
    }
    std::vector<Value*> inputs = lhs;
    inputs.insert(inputs.end(), rhs.begin(), rhs.end());
    Graph* g = root->owningGraph();
    Node* reduced = g->create(Symbol::prim("MMTreeReduce"), inputs);
    reduced->insertBefore(root);
    reduced->output()->setType(TensorType::get());
    GRAPH_UPDATE("Replacing a tree of ", lhs.size(), " matrix products with prim::MMTreeReduce");
    root->output()->replaceAllUsesWith(reduced->output());
  }
};

// MMBatchSide: products sharing their left (or right) operand, independent of each other, become
// one prim::MMBatchSide node computing them together.
class SideBatcher {
 public:
  explicit SideBatcher(AliasDb& aliasDb) : aliasDb_(aliasDb) {}

  bool runBlock(Block* block) {
    bool changed = false;
    // a snapshot: batching moves the products about
    std::vector<Node*> nodes(block->nodes().begin(), block->nodes().end());
    bool mutation = hasMutation(block);
    for (Node* n : nodes) {
      if (!isMM(n)) {
        for (Block* sub : n->blocks()) changed |= runBlock(sub);
        continue;
      }
      if (mutation) continue;
      for (Value* in : n->inputs()) {
        if (!considered_.insert(in).second) continue;
        for (int side : {0, 1}) {
          std::vector<Node*> mms = independentUses(in, side);
          if (mms.size() < kMinSideProducts || !JIT_OPT_ALLOWED) continue;
          batch(mms, side);
          changed = true;
        }
      }
    }
    return changed;
  }

 private:
  // The products in `v`'s block using `v` as their operand `side` (and not as the other one),
  // in order, leaving out each one that cannot move before an earlier kept one.
  std::vector<Node*> independentUses(Value* v, int side) {
    Block* block = v->node()->owningBlock();
    std::vector<Node*> mms;
    for (const Use& u : v->uses()) {
      Node* user = u.user;
      if (user->owningBlock() != block || !isMM(user) || int(u.offset) != side) continue;
      if (user->input(1 - side) == v) continue;
      mms.push_back(user);
    }
    std::sort(mms.begin(), mms.end(), [](Node* a, Node* b) { return a->isBefore(b); });
    for (size_t i = 0; i < mms.size(); ++i) {
      if (!mms[i]) continue;
      for (size_t j = i + 1; j < mms.size(); ++j)
        if (mms[j] && !aliasDb_.couldMoveBeforeTopologically(mms[j], mms[i])) mms[j] = nullptr;
    }
    mms.erase(std::remove(mms.begin(), mms.end(), nullptr), mms.end());
    return mms;
  }

  void batch(const std::vector<Node*>& mms, int side) {
    for (size_t i = mms.size() - 1; i-- > 0;) {
      bool moved = aliasDb_.moveBeforeTopologicallyValid(mms[i], mms[i + 1]);
      EMBER_CHECK(moved, "batch_mm: an independent product could not be moved");
    }
    Graph* g = mms[0]->owningGraph();
    Node* batched = g->create(Symbol::prim("MMBatchSide"), {}, mms.size());
    batched->i_(Symbol::attr("side"), side);
    batched->addInput(mms[0]->input(side));
    for (Node* mm : mms) batched->addInput(mm->input(1 - side));
    batched->insertBefore(mms[0]);
    GRAPH_UPDATE("Batching ", mms.size(), " matrix products sharing their ", side == 0 ? "left" : "right",
                 " operand into prim::MMBatchSide");
    for (size_t i = 0; i < mms.size(); ++i) {
      batched->outputs()[i]->setType(TensorType::get());
      mms[i]->output()->replaceAllUsesWith(batched->outputs()[i]);
    }
  }

  AliasDb& aliasDb_;
  std::unordered_set<const Value*> considered_;
};

size_t countMMs(const Block* block) {
  size_t count = 0;
  for (const Node* n : block->nodes()) {
    count += isMM(n);
    for (const Block* sub : n->blocks()) count += countMMs(sub);
  }
  return count;
}

}  // namespace

bool batchMM(const std::shared_ptr<Graph>& graph) {
  bool changed = TreeReducer().runBlock(graph->block());
  if (countMMs(graph->block()) >= kMinSideProducts) {  // alias analysis only when side batching may apply
    AliasDb aliasDb(graph);
    changed |= SideBatcher(aliasDb).runBlock(graph->block());
  }
  if (changed) {
    eliminateDeadCode(graph);
    GRAPH_DUMP("After batch_mm: ", graph);
  }
  return changed;
}

}  // namespace ember::jit
