// The exit transform. One ExitTransformer pass handles one kind of exit (first loop
// continuations, then returns). Walking a block yields an ExitPair: whether control has left the
// block towards the exit's target (a constant true or false, an unknown flag, or the "throws"
// marker) and, if so, with which values.
#include "frontend/exit_transform.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/error.h"

namespace ember::jit {

namespace {

Symbol returnStmtKind() {
  static const Symbol s = Symbol::prim("ReturnStmt");
  return s;
}
Symbol loopContinuationKind() {
  static const Symbol s = Symbol::prim("LoopContinuation");
  return s;
}

enum class ExitStatus { Will, Might, Wont, Throws };

struct ExitPair {
  Value* hasExited;
  std::vector<Value*> values;
};

class ExitTransformer {
 public:
  ExitTransformer(Graph& graph, Symbol exitKind) : graph_(graph), exitKind_(exitKind) {
    WithInsertPoint guard(graph.block()->nodes().front());
    trueValue_ = graph.insertConstant(IValue(true));
    falseValue_ = graph.insertConstant(IValue(false));
    // Never read: control never continues past a raise.
    throwsValue_ = unitValue(BoolType::get());
  }

  void run() { transformBlock(graph_.block()); }

 private:
  ExitPair wont() const { return {falseValue_, {}}; }
  ExitPair throws() const { return {throwsValue_, {}}; }

  ExitStatus status(const ExitPair& p) const {
    if (p.hasExited == trueValue_) return ExitStatus::Will;
    if (p.hasExited == falseValue_) return ExitStatus::Wont;
    if (p.hasExited == throwsValue_) return ExitStatus::Throws;
    return ExitStatus::Might;
  }

  // One prim::Uninitialized per type, at the start of the graph so it is in scope everywhere.
  Value* unitValue(const TypePtr& type) {
    std::string key = type->annotation_str();
    auto it = unitValues_.find(key);
    if (it != unitValues_.end()) return it->second;
    Value* v = graph_.block()->prependNode(graph_.createUninitialized(type))->output();
    unitValues_.emplace(key, v);
    return v;
  }

  std::vector<Value*> uninitializedLike(const std::vector<Value*>& values) {
    std::vector<Value*> out;
    for (Value* v : values) out.push_back(unitValue(v->type()));
    return out;
  }

  bool isTargetBlock(Block* block) const {
    Node* owner = block->owningNode();
    if (exitKind_ == returnStmtKind()) return owner == nullptr || owner->kind() == prim::Closure;
    return owner != nullptr && owner->kind() == prim::Loop;
  }

  static void replaceBlockOutputs(Block* b, const std::vector<Value*>& outs) {
    while (!b->outputs().empty()) b->eraseOutput(0);
    for (Value* v : outs) b->registerOutput(v);
  }

  // New If outputs go at `pos`: PyTorch puts an exit's flag and values before the If's own
  // outputs, which decides the order graphs print in.
  static void insertIfOutputs(Node* n, size_t pos, const std::vector<Value*>& thenOuts,
                              const std::vector<Value*>& elseOuts) {
    for (size_t i = 0; i < thenOuts.size(); ++i) {
      n->blocks()[0]->insertOutput(pos + i, thenOuts[i]);
      n->blocks()[1]->insertOutput(pos + i, elseOuts[i]);
      auto type = unifyTypes(thenOuts[i]->type(), elseOuts[i]->type(), /*defaultToUnion=*/true);
      n->insertOutput(pos + i)->setType(type ? *type : thenOuts[i]->type());
    }
  }

  ExitPair transformBlock(Block* block) {
    ExitPair pair = wont();
    for (auto it = block->nodes().begin(); it != block->nodes().end();) {
      Node* n = *it++;
      Symbol k = n->kind();
      if (k == prim::RaiseException) {
        pair = throws();
      } else if (k == exitKind_) {
        pair = {trueValue_, std::vector<Value*>(n->inputs().begin(), n->inputs().end())};
        n->destroy();
      } else if (k == prim::If) {
        pair = transformIf(n);
      } else if (k == prim::Loop) {
        pair = transformLoop(n);
      } else if (k == prim::With) {
        pair = transformBlock(n->blocks()[0]);  // the exit block (__exit__) always runs
      } else if (k == prim::Closure) {
        transformBlock(n->blocks()[0]);  // a closure's exits stay inside it
      }
      ExitStatus s = status(pair);
      if (s == ExitStatus::Will || s == ExitStatus::Throws) {
        deleteNodesFrom(block, it);
        break;
      }
      if (s == ExitStatus::Might) {
        if (it != block->nodes().end()) pair = guardRemainingNodes(block, pair, it);
        break;
      }
    }
    if (isTargetBlock(block)) {
      updateTargetBlock(block, pair);
      return wont();
    }
    return pair;
  }

  // The exit reached its target: the block produces the exit's values when it exited.
  void updateTargetBlock(Block* block, const ExitPair& pair) {
    ExitStatus s = status(pair);
    if (s == ExitStatus::Will) {
      replaceBlockOutputs(block, pair.values);
    } else if (s == ExitStatus::Might) {
      Node* select = graph_.create(prim::If, {pair.hasExited}, 0)->insertBefore(block->returnNode());
      select->addBlock();
      select->addBlock();
      std::vector<Value*> current(block->outputs().begin(), block->outputs().end());
      insertIfOutputs(select, 0, pair.values, current);
      replaceBlockOutputs(block, std::vector<Value*>(select->outputs().begin(), select->outputs().end()));
    }
  }

  // Unreachable nodes go; whatever still refers to their results gets an uninitialized value.
  void deleteNodesFrom(Block* block, graph_node_list_iterator from) {
    std::vector<Node*> doomed;
    for (auto it = from; it != block->nodes().end(); ++it) doomed.push_back(*it);
    for (auto it = doomed.rbegin(); it != doomed.rend(); ++it) {
      for (Value* out : (*it)->outputs())
        if (out->hasUses()) out->replaceAllUsesWith(unitValue(out->type()));
      (*it)->destroy();
    }
  }

  // The nodes after a node that might have exited run only if it did not.
  ExitPair guardRemainingNodes(Block* block, const ExitPair& pair, graph_node_list_iterator from) {
    Node* guard = graph_.create(prim::If, {pair.hasExited}, 0)->insertBefore(*from);
    Block* exitBlock = guard->addBlock();
    Block* restBlock = guard->addBlock();
    while (from != block->nodes().end()) {
      Node* n = *from++;
      n->moveBefore(restBlock->returnNode());
    }
    // The exit branch leaves with the exit values, as a new exit node that transformIf removes.
    exitBlock->appendNode(graph_.create(exitKind_, pair.values, 0));
    std::vector<Value*> outputs(block->outputs().begin(), block->outputs().end());
    for (Value* out : outputs) {
      exitBlock->registerOutput(unitValue(out->type()));
      restBlock->registerOutput(out);
      guard->addOutput()->setType(out->type());
    }
    replaceBlockOutputs(block, std::vector<Value*>(guard->outputs().begin(), guard->outputs().end()));
    return transformIf(guard);
  }

  ExitPair transformIf(Node* n) {
    ExitPair thenPair = transformBlock(n->blocks()[0]);
    ExitPair elsePair = transformBlock(n->blocks()[1]);
    ExitStatus thenStatus = status(thenPair), elseStatus = status(elsePair);
    auto quiet = [](ExitStatus s) { return s == ExitStatus::Wont || s == ExitStatus::Throws; };
    if (quiet(thenStatus) && quiet(elseStatus)) {
      // Control goes on past the If unless both branches raise.
      return thenStatus == ExitStatus::Throws && elseStatus == ExitStatus::Throws ? throws() : wont();
    }
    std::vector<Value*> thenValues = thenPair.values, elseValues = elsePair.values;
    if (quiet(thenStatus)) thenValues = uninitializedLike(elseValues);
    if (quiet(elseStatus)) elseValues = uninitializedLike(thenValues);

    Value* hasExited = trueValue_;  // one branch exits, the other raises, or both exit
    size_t first = 0;
    auto exitsOrThrows = [](ExitStatus s) { return s == ExitStatus::Will || s == ExitStatus::Throws; };
    if (!exitsOrThrows(thenStatus) || !exitsOrThrows(elseStatus)) {
      insertIfOutputs(n, 0, {thenPair.hasExited}, {elsePair.hasExited});
      hasExited = n->output(0);
      first = 1;
    }
    insertIfOutputs(n, first, thenValues, elseValues);
    return {hasExited, std::vector<Value*>(n->outputs().begin() + first,
                                           n->outputs().begin() + first + thenValues.size())};
  }

  // A loop whose body might exit (a return inside it) stops when it has, and carries the flag
  // and the exit values out.
  ExitPair transformLoop(Node* n) {
    Block* body = n->blocks()[0];
    ExitPair pair = transformBlock(body);
    ExitStatus s = status(pair);
    if (s == ExitStatus::Wont || s == ExitStatus::Throws) return wont();  // the body may never run

    Node* next = graph_.create(prim::If, {pair.hasExited}, 0)->insertBefore(body->returnNode());
    next->addBlock()->registerOutput(falseValue_);
    next->addBlock()->registerOutput(body->outputs()[0]);
    Value* condition = next->addOutput()->setType(BoolType::get());
    body->eraseOutput(0);
    body->insertOutput(0, condition);

    // The flag and the values become the first carried values (PyTorch's order).
    n->insertInput(2, falseValue_);
    body->insertInput(1)->setType(BoolType::get());
    body->insertOutput(1, pair.hasExited);
    Value* hasExited = n->insertOutput(0)->setType(BoolType::get());
    std::vector<Value*> values;
    for (size_t i = 0; i < pair.values.size(); ++i) {
      Value* v = pair.values[i];
      n->insertInput(3 + i, unitValue(v->type()));
      body->insertInput(2 + i)->setType(v->type());
      body->insertOutput(2 + i, v);
      values.push_back(n->insertOutput(1 + i)->setType(v->type()));
    }
    return {hasExited, values};
  }

  Graph& graph_;
  Symbol exitKind_;
  Value* trueValue_;
  Value* falseValue_;
  Value* throwsValue_;
  std::unordered_map<std::string, Value*> unitValues_;
};

// The constant boolean `v` is in its block, if it is one.
std::optional<bool> constantBool(Value* v) {
  auto iv = toIValue(v);
  if (!iv || !iv->isBool()) return std::nullopt;
  return iv->toBool();
}

// Copies `src`'s nodes to the end of `dest`, mapping values through `map`; returns the mapped
// outputs of `src`.
std::vector<Value*> cloneBlockInto(Block* src, Block* dest, std::unordered_map<Value*, Value*>& map) {
  Graph& g = *dest->owningGraph();
  auto mapper = [&](Value* v) {
    auto it = map.find(v);
    return it == map.end() ? v : it->second;
  };
  for (Node* n : src->nodes()) {
    Node* copy = g.createClone(n, mapper);
    copy->insertBefore(dest->returnNode());
    for (size_t i = 0; i < n->outputs().size(); ++i) map[n->output(i)] = copy->output(i);
  }
  std::vector<Value*> outs;
  for (Value* v : src->outputs()) outs.push_back(mapper(v));
  return outs;
}

bool inlineConsecutiveIf(Node* before, Node* after) {
  if (before->kind() != prim::If || after->kind() != prim::If) return false;
  Value* cond = after->input(0);
  if (cond->node() != before) return false;
  std::optional<bool> branchValue[2];
  for (int i = 0; i < 2; ++i) {
    branchValue[i] = constantBool(before->blocks()[i]->outputs()[cond->offset()]);
    if (!branchValue[i]) return false;
  }
  // The second If's outputs come first in the merged one (PyTorch's order).
  for (int i = 0; i < 2; ++i) {
    Block* dest = before->blocks()[i];
    Block* src = after->blocks()[*branchValue[i] ? 0 : 1];
    std::unordered_map<Value*, Value*> map;
    for (size_t j = 0; j < before->outputs().size(); ++j) map[before->output(j)] = dest->outputs()[j];
    std::vector<Value*> outs = cloneBlockInto(src, dest, map);
    for (size_t j = 0; j < outs.size(); ++j) dest->insertOutput(j, outs[j]);
  }
  std::vector<std::string> names;
  for (size_t j = 0; j < after->outputs().size(); ++j) {
    Value* out = after->output(j);
    Value* merged = before->insertOutput(j)->setType(out->type());
    out->replaceAllUsesWith(merged);
    names.push_back(out->hasDebugName() ? out->debugName() : "");
  }
  after->destroy();
  for (size_t j = 0; j < names.size(); ++j)
    if (!names[j].empty()) before->output(j)->setDebugName(names[j]);
  return true;
}

// While exits are transformed, a with-statement's body is the first block of a prim::With node
// and its prim::Exit the second, so that an exit inside the body leaves the body but still
// runs the Exit (the spec's "With" section). Enter and Exit pair up like brackets in a block.
// Values computed in the body and read after the with-statement leave the body as outputs of
// the With node, so that guarding the body's nodes keeps them in scope.
void exportBodyValues(Node* with) {
  Block* body = with->blocks()[0];
  for (Node* n : body->nodes()) {
    for (Value* v : n->outputs()) {
      std::vector<Use> outside;
      for (const Use& u : v->uses()) {
        const Node* user = u.user;
        while (user && user->owningBlock() != body && user->owningBlock()->owningNode()) {
          if (user->owningBlock()->owningNode() == with) break;
          user = user->owningBlock()->owningNode();
        }
        bool inside = user && (user->owningBlock() == body || user->owningBlock()->owningNode() == with);
        if (!inside) outside.push_back(u);
      }
      if (outside.empty()) continue;
      body->registerOutput(v);  // the With's outputs are its body's (the exit block has none)
      Value* out = with->addOutput()->setType(v->type());
      for (const Use& u : outside) u.user->replaceInput(u.offset, out);
    }
  }
}

void convertEnterExitToWith(Block* block) {
  std::vector<Node*> open;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    for (Block* b : n->blocks()) convertEnterExitToWith(b);
    if (n->kind() == prim::Enter) {
      open.push_back(n);
    } else if (n->kind() == prim::Exit && !open.empty()) {
      Node* enter = open.back();
      open.pop_back();
      Node* with = n->owningGraph()->create(prim::With, 0)->insertAfter(n);
      Block* body = with->addBlock();
      Block* exitBlock = with->addBlock();
      for (Node* cur = enter->next(); cur != n;) {
        Node* next = cur->next();
        cur->moveBefore(body->returnNode());
        cur = next;
      }
      n->moveBefore(exitBlock->returnNode());
      exportBodyValues(with);
    }
  }
}

void convertWithToEnterExit(Block* block) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;
    for (Block* b : n->blocks()) convertWithToEnterExit(b);
    if (n->kind() != prim::With) continue;
    for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replaceAllUsesWith(n->blocks()[0]->outputs()[i]);
    for (Block* b : n->blocks()) {
      for (auto inner = b->nodes().begin(); inner != b->nodes().end();) {
        Node* moved = *inner++;
        moved->moveBefore(n);
      }
    }
    n->destroy();
  }
}

}  // namespace

void inlineConsecutiveIfs(Block* block) {
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it;
    for (Block* b : n->blocks()) inlineConsecutiveIfs(b);
    // After a merge, the merged If is tried again with its new successor.
    if (!inlineConsecutiveIf(n, n->next())) ++it;
  }
}

void transformExits(std::shared_ptr<Graph>& graph) {
  convertEnterExitToWith(graph->block());
  ExitTransformer(*graph, loopContinuationKind()).run();
  ExitTransformer(*graph, returnStmtKind()).run();
  inlineConsecutiveIfs(graph->block());
  convertWithToEnterExit(graph->block());
}

}  // namespace ember::jit
