// Dead code elimination in two phases: mark what is live starting from the outputs and from the
// nodes that must run, then sweep each block from its end, removing the rest.
//
// Liveness follows PyTorch's rules so that graphs print alike after the pass: an If output is
// needed when the If's result is; a loop-carried value is needed when the loop's result is or when
// the body reads its block input at all (even if only dead code reads it); the loop's continue
// condition always is. A live node keeps the nodes that contain it alive.
#include "passes/dead_code_elimination.h"

#include <unordered_set>
#include <vector>

#include "ember/core/function_schema.h"
#include "ember/core/operator.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

// Node kinds that exist only before conversion to SSA or that call out of the graph: never
// removed, whatever their uses.
bool isAlwaysKeptKind(Symbol kind) {
  static const Symbol kKinds[] = {
      prim::PythonOp, prim::IgnoredPythonOp, prim::Store, prim::Load,
      Symbol::prim("ReturnStmt"), Symbol::prim("BreakStmt"), Symbol::prim("ContinueStmt"),
      Symbol::prim("LoopContinuation"),
  };
  for (Symbol k : kKinds)
    if (k == kind) return true;
  return false;
}

// Note [Writes to lists only held by other containers]
// PyTorch's DCE keeps a node that writes to a list or dict when the written value may alias a
// value used later in the program; being an element of another container does not count as
// aliasing there. So in
//     inner = [1]; outer = [inner, inner]; inner.append(2); return outer
// the append is removed and the program returns [[1], [1]]. ember reproduces this for containers
// built in the graph whose uses are only container constructions, writes whose results are
// unused, and reads returning numbers: such a write is dead unless something reads the container
// directly after it (or anywhere in a loop around both).

bool returnsOnlyNumbers(const Node* n) {
  for (const Value* out : n->outputs()) {
    TypeKind k = out->type()->kind();
    if (k != TypeKind::IntType && k != TypeKind::FloatType && k != TypeKind::BoolType) return false;
  }
  return true;
}

bool writesInput(const Node* n, size_t i) {
  const Operator* op = n->maybeOperator();
  if (!op) return false;
  const auto& args = op->schema().arguments();
  return i < args.size() && args[i].isWrite();
}

// A list or dict made here and only put into other containers, written, or read for numbers.
bool isContainedOnlyContainer(const Value* v) {
  Symbol k = v->node()->kind();
  if (k != prim::ListConstruct && k != prim::DictConstruct) return false;
  for (const Use& u : v->uses()) {
    const Node* user = u.user;
    Symbol uk = user->kind();
    if (uk == prim::ListConstruct || uk == prim::TupleConstruct || uk == prim::DictConstruct) continue;
    if (writesInput(user, u.offset)) {
      for (const Value* out : user->outputs())
        if (out->hasUses()) return false;
      continue;
    }
    if (user->maybeOperator() && returnsOnlyNumbers(user) && !user->hasSideEffects()) continue;
    return false;
  }
  return true;
}

// A node whose only effect is writing such containers (see the Note).
bool onlyWritesContainedContainers(const Node* n) {
  if (n->hasSideEffects() || isAlwaysKeptKind(n->kind()) || !n->blocks().empty()) return false;
  const Operator* op = n->maybeOperator();
  if (!op || op->aliasAnalysisKind() == AliasAnalysisKind::CONSERVATIVE || !op->schema().isMutable()) return false;
  bool any = false;
  for (size_t i = 0; i < n->inputs().size(); ++i) {
    if (!writesInput(n, i)) continue;
    if (!isContainedOnlyContainer(n->input(i))) return false;
    any = true;
  }
  return any;
}

bool insideLoop(const Node* n, const Node* loop) {
  for (const Block* b = n->owningBlock(); b && b->owningNode(); b = b->owningNode()->owningBlock())
    if (b->owningNode() == loop) return true;
  return false;
}

// Whether `reader` may run after `writer`: later in program order, or both in one loop.
bool mayRunAfter(const Node* reader, const Node* writer) {
  if (writer->isBefore(reader)) return true;
  for (const Block* b = writer->owningBlock(); b && b->owningNode(); b = b->owningNode()->owningBlock())
    if (b->owningNode()->kind() == prim::Loop && insideLoop(reader, b->owningNode())) return true;
  return false;
}

class DeadCodeEliminator {
 public:
  explicit DeadCodeEliminator(Block* root) : root_(root) {}

  void run() {
    seedBlock(root_);
    for (Value* v : root_->outputs()) markValue(v);
    drain();
    keepReadContainerWrites();
    sweep(root_);
  }

 private:
  // Every node that must run is live, together with the nodes that contain it.
  void seedBlock(Block* block) {
    for (Node* n : block->nodes()) {
      if (onlyWritesContainedContainers(n)) {
        containerWrites_.push_back(n);  // live only if read afterwards (Note above)
      } else if (nodeMustBeKept(n)) {
        markNode(n);
      }
      // As in PyTorch, a loop's continue condition and the carried values its body reads count
      // as used whether or not the loop is: the loop then lives if any of that is computed inside.
      if (n->kind() == prim::Loop) markLoopBody(n);
      for (Block* b : n->blocks()) seedBlock(b);
    }
  }

  void markLoopBody(Node* loop) {
    Block* body = loop->blocks()[0];
    markValue(body->outputs()[0]);
    for (size_t i = 1; i < body->inputs().size(); ++i)
      if (body->inputs()[i]->hasUses()) markValue(body->outputs()[i]);
  }

  void markValue(Value* v) {
    if (liveValues_.insert(v).second) pendingValues_.push_back(v);
  }
  void markNode(Node* n) {
    if (liveNodes_.insert(n).second) pendingNodes_.push_back(n);
  }

  void drain() {
    while (!pendingValues_.empty() || !pendingNodes_.empty()) {
      if (!pendingValues_.empty()) {
        Value* v = pendingValues_.back();
        pendingValues_.pop_back();
        onLiveValue(v);
      } else {
        Node* n = pendingNodes_.back();
        pendingNodes_.pop_back();
        onLiveNode(n);
      }
    }
  }

  void onLiveValue(Value* v) {
    Node* producer = v->node();
    if (producer->kind() == prim::Param) return;  // a block input: nothing computes it here
    markNode(producer);
    if (producer->kind() == prim::If) {
      for (Block* b : producer->blocks()) markValue(b->outputs()[v->offset()]);
    } else if (producer->kind() == prim::Loop) {
      markValue(producer->blocks()[0]->outputs()[v->offset() + 1]);
    }
  }

  void onLiveNode(Node* n) {
    for (Value* in : n->inputs()) markValue(in);
    if (n->kind() == prim::Loop) {
      markLoopBody(n);
    } else if (n->kind() != prim::If) {
      // Other block-carrying nodes (prim::With, closures): their blocks' results all count.
      for (Block* b : n->blocks())
        for (Value* out : b->outputs()) markValue(out);
    }
    Block* owner = n->owningBlock();
    if (owner && owner != root_ && owner->owningNode()) markNode(owner->owningNode());
  }

  // A container write is live when a live node reads the written container after it.
  void keepReadContainerWrites() {
    for (bool changed = true; changed;) {
      changed = false;
      for (Node* w : containerWrites_) {
        if (liveNodes_.count(w)) continue;
        bool read = false;
        for (size_t i = 0; i < w->inputs().size() && !read; ++i) {
          if (!writesInput(w, i)) continue;
          for (const Use& u : w->input(i)->uses())
            if (u.user != w && liveNodes_.count(u.user) && mayRunAfter(u.user, w)) read = true;
        }
        if (!read) continue;
        markNode(w);
        drain();
        changed = true;
      }
    }
  }

  void removeDeadIfOutputs(Node* n) {
    for (size_t i = n->outputs().size(); i-- > 0;) {
      if (n->output(i)->hasUses()) continue;
      for (Block* b : n->blocks()) b->eraseOutput(i);
      n->eraseOutput(i);
    }
  }

  // A carried value goes when neither the loop's result nor the body reads it. Checked before the
  // body is swept, as PyTorch does, so a value read only by dead code in the body stays.
  void removeDeadLoopOutputs(Node* n) {
    Block* body = n->blocks()[0];
    for (size_t i = n->outputs().size(); i-- > 0;) {
      if (n->output(i)->hasUses() || body->inputs()[i + 1]->hasUses()) continue;
      body->eraseOutput(i + 1);
      body->eraseInput(i + 1);
      n->removeInput(i + 2);
      n->eraseOutput(i);
    }
  }

  void sweep(Block* block) {
    auto nodes = block->nodes().reverse();
    for (auto it = nodes.begin(); it != nodes.end(); ++it) {
      Node* n = *it;
      bool live = liveNodes_.count(n) > 0;
      if (live) {
        if (n->kind() == prim::If) removeDeadIfOutputs(n);
        if (n->kind() == prim::Loop) removeDeadLoopOutputs(n);
        for (Block* b : n->blocks()) sweep(b);
      } else if (!n->hasUses()) {
        it.destroyCurrent();
      }
    }
  }

  Block* root_;
  std::unordered_set<const Node*> liveNodes_;
  std::unordered_set<const Value*> liveValues_;
  std::vector<Value*> pendingValues_;
  std::vector<Node*> pendingNodes_;
  std::vector<Node*> containerWrites_;
};

}  // namespace

bool nodeMustBeKept(const Node* node) {
  if (node->hasSideEffects() || isAlwaysKeptKind(node->kind())) return true;
  // Placeholders have no effect whatever alias kind their operator was registered with.
  if (node->kind() == prim::Uninitialized || node->kind() == prim::Constant) return false;
  const Operator* op = node->maybeOperator();
  if (!op) return false;
  if (op->aliasAnalysisKind() == AliasAnalysisKind::CONSERVATIVE) return true;
  // No alias analysis yet: a write to an input may be visible through any alias of it.
  return op->aliasAnalysisKind() != AliasAnalysisKind::PURE_FUNCTION && op->schema().isMutable();
}

void eliminateDeadCode(Block* block) { DeadCodeEliminator(block).run(); }

void eliminateDeadCode(const std::shared_ptr<Graph>& graph) { eliminateDeadCode(graph->block()); }

}  // namespace ember::jit
