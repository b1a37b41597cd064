// Conversion to SSA: see convert_to_ssa.h for the steps. The variable bookkeeping of steps 1 and
// 4 follows blocks: each block opens a frame chained to the frame of the block around it, so a
// lookup finds the innermost assignment visible at that point.
#include "frontend/convert_to_ssa.h"

#include <cctype>
#include <map>
#include <unordered_map>
#include <string>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/error.h"
#include "frontend/canonicalize_modified_loops.h"
#include "frontend/exit_transform.h"

namespace ember::jit {

namespace {

Symbol breakStmtKind() {
  static const Symbol s = Symbol::prim("BreakStmt");
  return s;
}
Symbol continueStmtKind() {
  static const Symbol s = Symbol::prim("ContinueStmt");
  return s;
}
Symbol loopContinuationKind() {
  static const Symbol s = Symbol::prim("LoopContinuation");
  return s;
}
Symbol comprehensionScopeKind() {
  static const Symbol s = Symbol::prim("ComprehensionScope");
  return s;
}

// Names the emitter invents ("$tmp", "_0") are not given to values.
bool meaningfulName(const std::string& name) {
  if (name.empty() || name[0] == '$') return false;
  if (name[0] != '_') return true;
  for (size_t i = 1; i < name.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return true;
  return false;
}

// One block's variables, chained to the enclosing block's frame.
template <typename T>
struct Frame {
  explicit Frame(std::shared_ptr<Frame> parent) : next(std::move(parent)) {}
  std::shared_ptr<Frame> next;
  // Note [Loop-carried order]: PyTorch keeps these in a std::unordered_map and makes loop-carried
  // values in its iteration order. Doing the same inserts into the same (libstdc++) container
  // gives the same order, so loops print with their carried values as PyTorch prints them.
  // Iteration stays deterministic: it depends only on the names and the order of inserts.
  std::unordered_map<std::string, T> table;

  T findInThisFrame(const std::string& name) const {
    auto it = table.find(name);
    return it == table.end() ? T{} : it->second;
  }
  T findInAnyFrame(const std::string& name) const {
    for (const Frame* f = this; f; f = f->next.get()) {
      if (T v = f->findInThisFrame(name)) return v;
    }
    return T{};
  }
};

// ---- 1. loads and stores at control-flow boundaries ----

class ControlFlowLoadStores {
 public:
  explicit ControlFlowLoadStores(Graph& graph) : graph_(graph) {}
  void run() { visitBlock(graph_.block()); }

 private:
  using TypeFrame = Frame<TypePtr>;

  std::shared_ptr<TypeFrame> visitBlock(Block* block) {
    env_ = std::make_shared<TypeFrame>(env_);
    for (Node* n : block->nodes()) {
      if (n->kind() == prim::If) {
        addIfLoadStores(n);
      } else if (n->kind() == prim::Loop) {
        addLoopLoadStores(n);
      } else if (n->kind() == prim::Closure || n->kind() == comprehensionScopeKind()) {
        for (Block* b : n->blocks()) visitBlock(b);
      } else if (n->kind() == prim::Store) {
        env_->table[n->s(attr::name)] = n->input()->type();
      }
    }
    auto frame = env_;
    env_ = env_->next;
    return frame;
  }

  Value* insertLoad(const std::string& name, const TypePtr& type) {
    Node* load = graph_.create(prim::Load, 1);
    load->s_(attr::name, name);
    load->output()->setType(type);
    return graph_.insertNode(load)->output();
  }

  Node* createStore(const std::string& name, Value* v) {
    Node* store = graph_.create(prim::Store, {v}, 0);
    store->s_(attr::name, name);
    return store;
  }

  void addBlockOutput(Block* b, const TypePtr& type, const std::string& name) {
    WithInsertPoint guard(b);
    b->registerOutput(insertLoad(name, type));
  }

  void addNodeOutput(Node* n, const TypePtr& type, const std::string& name) {
    Value* out = n->addOutput()->setType(type);
    if (meaningfulName(name)) out->setDebugName(name);
    createStore(name, out)->insertAfter(n);
    env_->table[name] = type;
  }

  void addNodeInput(Node* n, const TypePtr& type, const std::string& name) {
    WithInsertPoint guard(n);
    n->addInput(insertLoad(name, type));
  }

  void addBlockInput(Block* b, const TypePtr& type, const std::string& name) {
    Value* in = b->addInput()->setType(type);
    if (meaningfulName(name)) in->setDebugName(name);
    b->prependNode(createStore(name, in));
  }

  // A variable becomes an output when both branches leave it defined with unifiable types (the
  // emitter has already reported the uses that are not).
  void addIfLoadStores(Node* n) {
    Block* thenBlock = n->blocks()[0];
    Block* elseBlock = n->blocks()[1];
    auto thenVars = visitBlock(thenBlock);
    auto elseVars = visitBlock(elseBlock);
    std::map<std::string, bool> mutated;  // sorted, as PyTorch's std::set of names
    for (const auto& [name, type] : thenVars->table) mutated[name] = true;
    for (const auto& [name, type] : elseVars->table) mutated[name] = true;
    for (const auto& [name, unused] : mutated) {
      TypePtr thenType = thenVars->findInAnyFrame(name);
      TypePtr elseType = elseVars->findInAnyFrame(name);
      if (!thenType || !elseType) continue;
      auto unified = unifyTypes(thenType, elseType, /*defaultToUnion=*/true);
      if (!unified) continue;
      addBlockOutput(thenBlock, thenType, name);
      addBlockOutput(elseBlock, elseType, name);
      addNodeOutput(n, *unified, name);
    }
  }

  // Variables the body assigns that exist before the loop are carried; the ones first defined
  // inside the body stay local to it.
  void addLoopLoadStores(Node* n) {
    Block* body = n->blocks()[0];
    auto bodyVars = visitBlock(body);
    if (n->blocks().size() > 1) visitBlock(n->blocks()[1]);
    for (const auto& [name, bodyType] : bodyVars->table) {
      TypePtr parentType = env_->findInAnyFrame(name);
      if (!parentType) continue;
      // `r: Optional[int] = None` before the loop and `r = i` inside: the carried value is the
      // join of both, Optional[int].
      auto unified = unifyTypes(parentType, bodyType, /*defaultToUnion=*/true);
      TypePtr carried = unified ? *unified : parentType;
      addNodeInput(n, parentType, name);
      addBlockInput(body, carried, name);
      addBlockOutput(body, bodyType, name);
      addNodeOutput(n, carried, name);
    }
  }

  Graph& graph_;
  std::shared_ptr<TypeFrame> env_;
};

// ---- 2. break and continue ----

void moveBlockNodesBefore(Block* from, Node* before) {
  for (auto it = from->nodes().begin(); it != from->nodes().end();) {
    Node* n = *it++;
    n->moveBefore(before);
  }
}

class LoopContinuations {
 public:
  explicit LoopContinuations(Graph& graph) : graph_(graph) {}

  void run(Block* block) {
    {
      WithInsertPoint guard(block->nodes().front());
      falseValue_ = graph_.insertConstant(IValue(false));
    }
    visit(block);
  }

 private:
  // The carried values as the loop body's end loads them, loaded again at `n`.
  void addLoopCarriedOutputs(Node* n) {
    WithInsertPoint guard(n);
    for (Value* out : curLoop_->blocks()[0]->outputs()) {
      Node* load = out->node();
      EMBER_ASSERT(load->kind() == prim::Load, "loop body outputs must be loads before SSA conversion");
      Node* again = graph_.insertNode(graph_.createClone(load, [](Value* v) { return v; }));
      n->addInput(again->output());
    }
  }

  void visit(Block* block) {
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
      Node* n = *it++;
      if (n->kind() == prim::If) {
        for (Block* b : n->blocks()) visit(b);
      } else if (n->kind() == prim::Closure) {
        LoopContinuations(graph_).run(n->blocks()[0]);
      } else if (n->kind() == prim::Loop) {
        Node* outer = curLoop_;
        curLoop_ = n;
        visit(n->blocks()[0]);
        curLoop_ = outer;
      } else if (n->kind() == comprehensionScopeKind()) {
        for (Block* b : n->blocks()) visit(b);
      } else if (n->kind() == continueStmtKind()) {
        replaceContinue(n);
      } else if (n->kind() == breakStmtKind()) {
        EMBER_CHECK(curLoop_ != nullptr, "SyntaxError: 'break' outside loop");
        Node* exit = graph_.create(loopContinuationKind(), 0)->insertAfter(n);
        exit->addInput(falseValue_);  // break: the loop does not go on
        addLoopCarriedOutputs(exit);
        n->destroy();
      }
    }
  }

  // continue: the loop goes on if its condition, evaluated here, holds.
  void replaceContinue(Node* n) {
    EMBER_CHECK(curLoop_ != nullptr, "SyntaxError: 'continue' outside loop");
    Node* cont = graph_.create(loopContinuationKind(), 0)->insertAfter(n);
    Block* header = cont->addBlock();
    header->cloneFrom(curLoop_->blocks()[1], [](Value* v) { return v; });
    moveBlockNodesBefore(header, n);
    cont->addInput(header->outputs()[0]);
    cont->eraseBlock(0);
    addLoopCarriedOutputs(cont);
    n->destroy();
  }

  Graph& graph_;
  Node* curLoop_ = nullptr;
  Value* falseValue_ = nullptr;
};

// ---- 3. loop conditions ----

void inlineLoopConditionsIn(Block* block) {
  for (Node* n : block->nodes()) {
    for (Block* b : n->blocks()) inlineLoopConditionsIn(b);
    if (n->kind() != prim::Loop || n->blocks().size() != 2) continue;
    Block* body = n->blocks()[0];
    Block* condition = n->blocks()[1];
    // A copy computes the first test before the loop...
    Block* first = n->addBlock();
    first->cloneFrom(condition, [](Value* v) { return v; });
    moveBlockNodesBefore(first, n);
    n->insertInput(1, first->outputs()[0]);
    n->eraseBlock(2);
    // ...and the original computes the next one at the end of the body.
    moveBlockNodesBefore(condition, body->returnNode());
    body->insertOutput(0, condition->outputs()[0]);
    n->eraseBlock(1);
  }
}

// ---- 4. erasing loads and stores ----

class EraseLoadStores {
 public:
  void run(Block* block) {
    env_ = std::make_shared<ValueFrame>(env_);
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
      Node* n = *it++;
      if (n->kind() == prim::Store) {
        env_->table[n->s(attr::name)] = n->input();
        n->destroy();
      } else if (n->kind() == prim::Load) {
        const std::string& name = n->s(attr::name);
        Value* v = env_->findInAnyFrame(name);
        EMBER_CHECK(v != nullptr, "internal error in SSA conversion: variable '", name, "' is read before it is set");
        n->output()->replaceAllUsesWith(v);
        n->destroy();
      } else if (n->kind() == comprehensionScopeKind()) {
        // The comprehension's variables stay inside it; its nodes join the enclosing block.
        Block* body = n->blocks()[0];
        run(body);
        moveBlockNodesBefore(body, n);
        n->destroy();
      } else {
        for (Block* b : n->blocks()) run(b);
      }
    }
    env_ = env_->next;
  }

 private:
  using ValueFrame = Frame<Value*>;
  std::shared_ptr<ValueFrame> env_;
};

}  // namespace

void addControlFlowLoadStores(Graph& graph) { ControlFlowLoadStores(graph).run(); }

void convertBreakContinue(Graph& graph) { LoopContinuations(graph).run(graph.block()); }

void inlineLoopConditions(Graph& graph) { inlineLoopConditionsIn(graph.block()); }

void eraseLoadStores(Graph& graph) { EraseLoadStores().run(graph.block()); }

void convertToSSA(std::shared_ptr<Graph>& graph) {
  addControlFlowLoadStores(*graph);
  convertBreakContinue(*graph);
  inlineLoopConditions(*graph);
  eraseLoadStores(*graph);
  transformExits(graph);
  canonicalizeModifiedLoops(*graph);
}

}  // namespace ember::jit
