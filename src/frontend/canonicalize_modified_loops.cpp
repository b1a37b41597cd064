#include "frontend/canonicalize_modified_loops.h"

#include <limits>

#include "ember/core/symbols.h"

namespace ember::jit {

namespace {

bool isConstantTrue(Value* v) {
  auto iv = toIValue(v);
  return iv && iv->isBool() && iv->toBool();
}

// The loop counts iterations (a trip count that is not the while-loop default, or a body that
// reads the counter) and may also stop early.
bool isModifiedLoop(Node* loop) {
  Block* body = loop->blocks()[0];
  auto trip = toIValue(loop->input(0));
  bool counted = !trip || !trip->isInt() || trip->toInt() != std::numeric_limits<int64_t>::max() ||
                 body->inputs()[0]->hasUses();
  bool alwaysTrue = isConstantTrue(loop->input(1)) && isConstantTrue(body->outputs()[0]);
  return counted && !alwaysTrue;
}

Value* insertOp(Graph& g, const char* name, Value* a, Value* b, const TypePtr& type) {
  Node* n = g.insertNode(g.create(Symbol::aten(name), {a, b}));
  n->output()->setType(type);
  return n->output();
}

void canonicalize(Node* loop) {
  Graph& g = *loop->owningGraph();
  Block* body = loop->blocks()[0];
  Value* tripCount = loop->input(0);
  Value* zero;
  {
    WithInsertPoint guard(loop);
    zero = g.insertConstant(IValue(int64_t(0)));
    Value* one = g.insertConstant(IValue(int64_t(1)));
    Value* maxInt = g.insertConstant(IValue(std::numeric_limits<int64_t>::max()));
    Value* entered = insertOp(g, "gt", tripCount, zero, BoolType::get());
    loop->replaceInput(0, maxInt);
    Value* start = loop->input(1);
    loop->replaceInput(1, isConstantTrue(start) ? entered : insertOp(g, "__and__", start, entered, BoolType::get()));
    loop->addInput(zero);
    Value* counter = body->addInput()->setType(IntType::get());
    body->inputs()[0]->replaceAllUsesWith(counter);
    loop->addOutput()->setType(IntType::get());
    WithInsertPoint atEnd(body);
    Value* next = insertOp(g, "add", counter, one, IntType::get());
    body->registerOutput(next);
    Value* inRange = insertOp(g, "lt", next, tripCount, BoolType::get());
    Value* cond = insertOp(g, "__and__", inRange, body->outputs()[0], BoolType::get());
    body->replaceOutput(0, cond);
  }
}

void canonicalizeBlock(Block* block) {
  for (Node* n : block->nodes()) {
    for (Block* b : n->blocks()) canonicalizeBlock(b);
    if (n->kind() == prim::Loop && isModifiedLoop(n)) canonicalize(n);
  }
}

}  // namespace

void canonicalizeModifiedLoops(Graph& graph) { canonicalizeBlock(graph.block()); }

}  // namespace ember::jit
