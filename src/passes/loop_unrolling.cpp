#include "passes/loop_unrolling.h"

#include <unordered_map>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/ir.h"
#include "passes/dead_code_elimination.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

constexpr int64_t kUnrollFactor = 8;
constexpr int64_t kMaxBodySize = 32;
constexpr int64_t kMaxBodyRepeats = 64;

bool isTrueConstant(const Value* v) {
  auto c = toIValue(v);
  return c && c->isBool() && c->toBool();
}

bool isForLoop(const Node* n) {
  return n->kind() == prim::Loop && n->inputs().size() >= 2 && isTrueConstant(n->input(1)) &&
         isTrueConstant(n->blocks().at(0)->outputs().at(0));
}

bool notExecuted(const Node* n) {
  return n->kind() == prim::Constant || n->kind() == prim::profile || n->kind() == prim::profile_ivalue;
}

// The block's size counted the way PyTorch counts it (the return node counts as one), stopping
// at `limit`.
int64_t limitedBlockSize(const Block* block, int64_t limit) {
  int64_t size = 0;
  for (const Node* n : block->nodes()) {
    for (const Block* sub : n->blocks()) size += limitedBlockSize(sub, limit - size);
    if (!notExecuted(n)) ++size;
    if (size >= limit) return limit;
  }
  return std::min(size + 1, limit);  // the return node
}

bool isSmallBlock(const Block* block) { return limitedBlockSize(block, kMaxBodySize + 1) <= kMaxBodySize; }

// Copies `body`'s nodes at the insertion point with its inputs bound to `inputs`; returns the
// values of its outputs.
std::vector<Value*> insertBlockCopy(Graph& graph, const Block* body, const std::vector<Value*>& inputs) {
  std::unordered_map<const Value*, Value*> env;
  for (size_t i = 0; i < inputs.size(); ++i) env[body->inputs()[i]] = inputs[i];
  auto lookup = [&](Value* v) -> Value* {
    auto it = env.find(v);
    return it == env.end() ? v : it->second;
  };
  for (const Node* n : body->nodes()) {
    Node* copy = graph.insertNode(graph.createClone(n, lookup));
    for (size_t i = 0; i < n->outputs().size(); ++i) env[n->output(i)] = copy->output(i);
  }
  std::vector<Value*> outs;
  for (Value* o : body->outputs()) outs.push_back(lookup(o));
  return outs;
}

// Fills the empty block `dest` with `times` copies of `body` chained output to input.
void repeatBody(Block* body, int64_t times, Block* dest) {
  Graph& graph = *body->owningGraph();
  WithInsertPoint guard(dest);
  for (Value* in : body->inputs()) dest->addInput()->copyMetadata(in);
  std::vector<Value*> io(dest->inputs().begin(), dest->inputs().end());
  for (int64_t i = 0; i < times; ++i) {
    io[0] = dest->inputs()[0];  // the counter is unused (replaceLoopCounter made sure)
    io = insertBlockCopy(graph, body, io);
  }
  for (Value* out : io) dest->registerOutput(out);
  eliminateDeadCode(dest);
}

// The body reads the counter: carry an explicit counter through the loop instead, starting at 0
// and incremented at the end of the body, so unrolled copies and the epilogue share it.
void replaceLoopCounter(Node* loop) {
  Graph& graph = *loop->owningGraph();
  Block* body = loop->blocks().at(0);
  WithInsertPoint guard(loop);
  Value* start = graph.insertConstant(IValue(int64_t(0)));
  loop->insertInput(2, start);
  loop->insertOutput(0)->setType(IntType::get());
  Value* counter = body->insertInput(1)->setType(IntType::get());
  body->inputs()[0]->replaceAllUsesWith(counter);
  WithInsertPoint atEnd(body->returnNode());
  Value* next = graph.insert(aten::add, {counter, int64_t(1)});
  body->insertOutput(1, next);
}

// Replaces a loop known to run once (its only block) by its body.
void inlineSingleIteration(Node* loop) {
  Block* body = loop->blocks().at(0);
  std::vector<Value*> inputs = {body->inputs()[0]};
  for (size_t i = 2; i < loop->inputs().size(); ++i) inputs.push_back(loop->input(i));
  WithInsertPoint guard(loop);
  std::vector<Value*> outs = insertBlockCopy(*loop->owningGraph(), body, inputs);
  for (size_t i = 0; i < loop->outputs().size(); ++i) loop->output(i)->replaceAllUsesWith(outs.at(i + 1));
  loop->destroy();  // DCE might keep it for the side effects of its body
}

void unroll(Node* loop) {
  Graph& graph = *loop->owningGraph();
  if (loop->blocks().at(0)->inputs()[0]->hasUses()) replaceLoopCounter(loop);
  Value* tripCount = loop->input(0);
  auto constantTrips = toIValue(tripCount);
  if (constantTrips && constantTrips->isInt() && constantTrips->toInt() < kMaxBodyRepeats) {
    Block* dest = loop->addBlock();
    repeatBody(loop->blocks().at(0), std::max<int64_t>(constantTrips->toInt(), 0), dest);
    loop->eraseBlock(0);
    inlineSingleIteration(loop);
    return;
  }
  WithInsertPoint guard(loop);
  // The epilogue is a copy of the loop running the remaining iterations after the unrolled one.
  Node* epilogue = graph.createClone(loop, [](Value* v) { return v; });
  epilogue->insertAfter(loop);
  for (size_t i = 0; i < loop->outputs().size(); ++i) {
    loop->output(i)->replaceAllUsesWith(epilogue->output(i));
    epilogue->replaceInput(i + 2, loop->output(i));
  }
  Block* dest = loop->addBlock();
  repeatBody(loop->blocks().at(0), kUnrollFactor, dest);
  loop->eraseBlock(0);
  Value* unrolledTrips = graph.insert(aten::__round_to_zero_floordiv, {tripCount, kUnrollFactor});
  loop->replaceInput(0, unrolledTrips);
  Value* done = graph.insert(aten::mul, {unrolledTrips, kUnrollFactor});
  epilogue->replaceInput(0, graph.insert(aten::sub, {tripCount, done}));
}

bool unrollIn(Block* block, bool constantOnly) {
  bool changed = false;
  for (auto it = block->nodes().begin(); it != block->nodes().end();) {
    Node* n = *it++;  // unroll may destroy n
    for (Block* sub : n->blocks()) changed |= unrollIn(sub, constantOnly);
    if (!isForLoop(n)) continue;
    if (constantOnly ? n->input(0)->node()->kind() != prim::Constant : !isSmallBlock(n->blocks().at(0))) continue;
    if (!JIT_OPT_ALLOWED) continue;
    GRAPH_UPDATE("Unrolling loop with outputs ", n->outputs().size());
    unroll(n);
    changed = true;
  }
  return changed;
}

bool run(const std::shared_ptr<Graph>& graph, bool constantOnly) {
  bool changed = unrollIn(graph->block(), constantOnly);
  if (changed) eliminateDeadCode(graph);
  GRAPH_DUMP("After UnrollLoops: ", graph);
  return changed;
}

}  // namespace

bool unrollLoops(const std::shared_ptr<Graph>& graph) { return run(graph, false); }
bool unrollConstantLoops(const std::shared_ptr<Graph>& graph) { return run(graph, true); }

}  // namespace ember::jit
