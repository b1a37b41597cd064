// Dead code elimination, following PyTorch 1.13's EliminateDeadCode so that graphs print alike
// afterwards: mark what is live, walking each block from its end, then sweep each block from its
// end, removing what is unmarked and unused.
//
// Liveness: a block's return is live (for an If, the branch results whose If outputs are live;
// for a loop, the continue condition and each carried value that the loop's result needs or the
// body reads at all); a node is live when it has side effects, when one of its outputs is live,
// or, with alias analysis, when it writes to memory a live value may point to. A live node makes
// its inputs and the nodes containing it live. A loop body is marked again until nothing new is
// marked, since a later iteration reads what an earlier one computed; other blocks, and the
// graph's own block, are walked once.
//
// Note [Alias-aware DCE]
// On a whole graph the alias analysis (AliasDb) says which memory a node writes. A write is kept
// when it goes to a wildcard set (graph inputs, values that escaped into containers, module
// attributes...) or to memory a live value may point to, as seen from the end of the block
// walk. So in
//     %y = aten::mul(%x, %x); %z = aten::add(%y, %y, %one); %w = aten::add_(%y, %y, %one)
//     return (%z)
// the add_ goes: when it is reached, only %z is live, and it does not alias %y.
//
// Note [Writes to lists only held by other containers]
// A consequence PyTorch shows and ember keeps: a container whose only use is the graph's return
// holds its elements directly (they are not put into the wildcard set), and "may point to" does
// not look inside containers, so in
//     inner = [1]; outer = [inner, inner]; inner.append(2); return outer
// the append writes memory no live value points to and is removed: the program returns
// [[1], [1]], as in PyTorch. A read of `inner` after the append keeps it.
//
// Without a graph (eliminateDeadCode(Block*)) there is no alias analysis: every node whose
// schema writes to an input is kept.
#include "passes/dead_code_elimination.h"

#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "ember/core/function_schema.h"
#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

// Node kinds that exist only before conversion to SSA or that call out of the graph: never
// removed, whatever their uses.
bool isAlwaysKeptKind(Symbol kind) {
  static const Symbol kKinds[] = {
      prim::PythonOp,
      prim::IgnoredPythonOp,
      prim::Store,
      prim::Load,
      Symbol::prim("ReturnStmt"),
      Symbol::prim("BreakStmt"),
      Symbol::prim("ContinueStmt"),
      Symbol::prim("LoopContinuation"),
  };
  for (Symbol k : kKinds)
    if (k == kind) return true;
  return false;
}

// Node::hasSideEffects, plus CONSERVATIVE operators (PyTorch counts them as side effects).
bool hasOwnSideEffects(const Node* node) {
  if (node->hasSideEffects() || isAlwaysKeptKind(node->kind())) return true;
  if (node->kind() == prim::Uninitialized || node->kind() == prim::Constant) return false;
  const Operator* op = node->maybeOperator();
  return op && op->aliasAnalysisKind() == AliasAnalysisKind::CONSERVATIVE;
}

class DeadCodeEliminator {
 public:
  DeadCodeEliminator(Block* root, std::shared_ptr<Graph> graph) : root_(root), graph_(std::move(graph)) {}

  void run() {
    markReturnNode(root_->returnNode());
    mark(root_);
    sweep(root_);
  }

 private:
  // Built on first need. If the analysis fails on an unusual graph, DCE goes on without it
  // (every write kept), which is always safe.
  AliasDb* aliasDb() {
    if (!graph_) return nullptr;
    if (!aliasDbTried_) {
      aliasDbTried_ = true;
      try {
        aliasDb_ = std::make_unique<AliasDb>(graph_);
      } catch (const Error&) {
        aliasDb_.reset();
      }
      if (aliasDb_)
        for (const Value* v : liveValues_) liveLocations_ |= aliasDb_->memoryLocations(v);
    }
    return aliasDb_.get();
  }

  // A write whose effect the analysis cannot follow.
  bool hasUntrackedMutation(Node* node) {
    if (AliasDb* db = aliasDb()) return db->writesToWildcard(node);
    if (node->kind() == prim::Uninitialized || node->kind() == prim::Constant) return false;
    const FunctionSchema* schema = node->maybeSchema();
    const Operator* op = node->maybeOperator();
    return schema && schema->isMutable() && !(op && op->aliasAnalysisKind() == AliasAnalysisKind::PURE_FUNCTION);
  }

  bool hasSideEffects(Node* node) {
    auto it = sideEffects_.find(node);
    if (it != sideEffects_.end()) return it->second;
    bool result = hasOwnSideEffects(node) || hasUntrackedMutation(node);
    for (Block* b : node->blocks())
      for (Node* n : b->nodes())
        if (!result && hasSideEffects(n)) result = true;
    sideEffects_.emplace(node, result);
    return result;
  }

  bool markValue(Value* v) {
    if (!liveValues_.insert(v).second) return false;
    if (aliasDb_) liveLocations_ |= aliasDb_->memoryLocations(v);
    return true;
  }

  // Marks `node`, its inputs, and the nodes containing it.
  bool mark(Node* node) {
    if (!marked_.insert(node).second) return false;
    for (Block* b = node->owningBlock(); b && b->owningNode(); b = b->owningNode()->owningBlock())
      mark(b->owningNode());
    for (Value* in : node->inputs()) markValue(in);
    return true;
  }

  bool markReturnNode(Node* ret) {
    if (marked_.count(ret)) return false;
    Node* outer = ret->owningBlock()->owningNode();
    // The block DCE runs on counts as the whole program: all its results are used.
    if (!outer || ret->owningBlock() == root_) return mark(ret);
    if (outer->kind() == prim::Loop) {
      Block* body = outer->blocks()[0];
      for (size_t i = 0; i < outer->outputs().size(); ++i) {
        if (liveValues_.count(outer->output(i)) || body->inputs()[i + 1]->hasUses()) markValue(body->outputs()[i + 1]);
      }
      markValue(body->outputs()[0]);
    } else {
      for (size_t i = 0; i < outer->outputs().size() && i < ret->inputs().size(); ++i)
        if (liveValues_.count(outer->output(i))) markValue(ret->input(i));
    }
    marked_.insert(ret);
    return true;
  }

  bool markIfLive(Node* node) {
    for (Value* out : node->outputs())
      if (liveValues_.count(out)) return mark(node);
    if (AliasDb* db = aliasDb()) {
      if (db->getWrites(node).intersects(liveLocations_)) return mark(node);
    }
    return false;
  }

  bool mark(Block* block) {
    bool any = false;
    for (Node* n : block->nodes())
      if (hasSideEffects(n)) any |= mark(n);
    any |= markReturnNode(block->returnNode());
    for (Node* n : block->nodes().reverse()) {
      if (n->kind() == prim::Loop) {
        for (bool again = true; again;) {
          again = mark(n->blocks()[0]);
          any |= again;
        }
      } else {
        for (Block* b : n->blocks()) any |= mark(b);
      }
      any |= markIfLive(n);
    }
    return any;
  }

  static void removeDeadIfOutputs(Node* n) {
    if (n->kind() != prim::If) return;
    for (size_t i = n->outputs().size(); i-- > 0;) {
      if (n->output(i)->hasUses()) continue;
      n->eraseOutput(i);
      for (Block* b : n->blocks()) b->eraseOutput(i);
    }
  }

  // A carried value goes when neither the loop's result nor the body reads it (checked before
  // the body is swept, so a value read only by dead code in the body stays, as in PyTorch).
  static void removeDeadLoopOutputs(Node* n) {
    if (n->kind() != prim::Loop) return;
    Block* body = n->blocks()[0];
    for (size_t i = n->outputs().size(); i-- > 0;) {
      if (n->output(i)->hasUses() || body->inputs()[i + 1]->hasUses()) continue;
      n->eraseOutput(i);
      n->removeInput(i + 2);
      body->eraseInput(i + 1);
      body->eraseOutput(i + 1);
    }
  }

  void sweep(Block* block) {
    auto nodes = block->nodes().reverse();
    for (auto it = nodes.begin(); it != nodes.end(); ++it) {
      Node* n = *it;
      removeDeadIfOutputs(n);
      removeDeadLoopOutputs(n);
      for (Block* b : n->blocks()) sweep(b);
      if (!marked_.count(n) && !n->hasUses()) it.destroyCurrent();
    }
  }

  Block* root_;
  std::shared_ptr<Graph> graph_;  // set for whole-graph DCE: alias analysis available
  std::unique_ptr<AliasDb> aliasDb_;
  bool aliasDbTried_ = false;
  std::unordered_set<const Node*> marked_;
  std::unordered_set<const Value*> liveValues_;
  MemoryLocations liveLocations_;  // what the live values may point to (with alias analysis)
  std::unordered_map<const Node*, bool> sideEffects_;
};

}  // namespace

bool nodeMustBeKept(const Node* node) {
  if (hasOwnSideEffects(node)) return true;
  if (node->kind() == prim::Uninitialized || node->kind() == prim::Constant) return false;
  const Operator* op = node->maybeOperator();
  if (!op) return false;
  // No alias analysis here: a write to an input may be visible through any alias of it.
  return op->aliasAnalysisKind() != AliasAnalysisKind::PURE_FUNCTION && op->schema().isMutable();
}

void eliminateDeadCode(Block* block) { DeadCodeEliminator(block, nullptr).run(); }

void eliminateDeadCode(const std::shared_ptr<Graph>& graph) { DeadCodeEliminator(graph->block(), graph).run(); }

}  // namespace ember::jit
