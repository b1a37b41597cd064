#include "passes/fuse_batch_norm_epilogue.h"

#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"
#include "passes/epilogue_patterns.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

const char* const kConv2d =
    "aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] padding=0, int[2] "
    "dilation=1, int groups=1) -> Tensor";
const char* const kMaxPool2d =
    "aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool "
    "ceil_mode=False) -> Tensor";
const char* const kBatchNorm =
    "aten::batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool "
    "training, float momentum, float eps, bool cudnn_enabled) -> Tensor";

// One fusion found: the nodes it replaces (conv, add, activation and pool optional).
struct Chain {
  Node* conv = nullptr;
  Node* bn = nullptr;
  Node* add = nullptr;
  std::optional<EpilogueActivation> act;
  Node* pool = nullptr;

  Node* last() const { return pool ? pool : act ? act->node : add ? add : bn; }
  Value* bnResult() const { return bn->output(); }
  // In the order they run.
  std::vector<Node*> nodes() const {
    std::vector<Node*> out;
    for (Node* n : {conv, bn, add, act ? act->node : nullptr, pool})
      if (n) out.push_back(n);
    return out;
  }
};

bool isEvalBatchNorm(Node* n) {
  static const Symbol batchNorm = Symbol::aten("batch_norm");
  if (n->kind() != batchNorm || !n->matches(kBatchNorm)) return false;
  auto training = toIValue(n->input(5));
  return training && training->isBool() && !training->toBool();
}

// The chain around eval batch norm `bn`, before the alias checks; nullopt when nothing fuses.
std::optional<Chain> chainAround(Node* bn) {
  Chain c;
  c.bn = bn;
  static const Symbol conv2d = Symbol::aten("conv2d");
  Node* producer = bn->input(0)->node();
  if (producer->kind() == conv2d && producer->matches(kConv2d) && producer->owningBlock() == bn->owningBlock() &&
      onlyUser(producer->output()) == bn)
    c.conv = producer;
  Value* result = bn->output();
  Node* user = onlyUser(result);
  Value* residual = epilogueAddendOf(user, result);
  if (residual && residual != result) {
    c.add = user;
    result = user->output();
    user = onlyUser(result);
  }
  c.act = epilogueActivationOf(user, result);
  if (!c.conv && !c.add && !c.act) return std::nullopt;
  // resnet's stem: conv, batch norm, relu, max pool.
  if (c.conv && !c.add) {
    if (c.act) result = c.act->node->output();
    Node* pool = onlyUser(result);
    static const Symbol maxPool2d = Symbol::aten("max_pool2d");
    if (pool && pool->kind() == maxPool2d && pool->matches(kMaxPool2d) && pool->input(0) == result) c.pool = pool;
  }
  for (Node* n : c.nodes())
    if (n->owningBlock() != bn->owningBlock()) return std::nullopt;
  return c;
}

Value* residualOf(const Chain& c) { return c.add ? epilogueAddendOf(c.add, c.bnResult()) : nullptr; }

// The values no node between the chain's first and last node may write.
ValueSet protectedValues(const Chain& c) {
  ValueSet out;
  if (c.conv)
    out.insert(c.conv->inputs().begin(), c.conv->inputs().end());
  else
    out.insert(c.bn->input(0));
  for (size_t i = 1; i <= 4; ++i) out.insert(c.bn->input(i));
  if (Value* r = residualOf(c)) out.insert(r);
  return out;
}

bool untouchedBetween(const AliasDb& db, Node* first, Node* last, const ValueSet& values) {
  for (Node* n = first->next(); n != last; n = n->next())
    if (db.writesToAlias(n, values)) return false;
  return true;
}

// Two batch norms added together (regnet's `proj(x) + f(x)`, both ending in a batch norm) both
// see the add and its activation as their epilogue: the first chain takes them, the second keeps
// only its convolution, if it has one.
bool claimEpilogue(Chain& c, std::unordered_set<Node*>& claimed) {
  Node* add = c.add;
  Node* act = c.act ? c.act->node : nullptr;
  if ((add && claimed.count(add)) || (act && claimed.count(act))) {
    c.add = nullptr;
    c.act.reset();
    c.pool = nullptr;
    return c.conv != nullptr;
  }
  if (add) claimed.insert(add);
  if (act) claimed.insert(act);
  return true;
}

void collect(Block* block, const AliasDb& db, std::unordered_set<Node*>& claimed, std::vector<Chain>& out) {
  for (Node* n : block->nodes()) {
    for (Block* b : n->blocks()) collect(b, db, claimed, out);
    if (!isEvalBatchNorm(n)) continue;
    std::optional<Chain> c = chainAround(n);
    if (!c) continue;
    Node* first = c->conv ? c->conv : c->bn;
    // A write before the pool keeps the pool out (the rest may still fuse).
    if (c->pool && !untouchedBetween(db, first, c->last(), protectedValues(*c))) c->pool = nullptr;
    if (!untouchedBetween(db, first, c->last(), protectedValues(*c))) continue;
    if (claimEpilogue(*c, claimed)) out.push_back(*c);
  }
}

// Replaces the chain's nodes with one fused node where its last node was.
void fuse(Graph& g, const Chain& c) {
  Node* last = c.last();
  Value* residual = residualOf(c);  // now: an earlier fusion may have replaced it
  WithInsertPoint point(last);
  std::vector<Value*> inputs;
  if (c.conv)
    inputs.assign(c.conv->inputs().begin(), c.conv->inputs().end());
  else
    inputs.push_back(c.bn->input(0));
  for (size_t i = 1; i <= 4; ++i) inputs.push_back(c.bn->input(i));
  inputs.push_back(c.bn->input(7));  // eps
  inputs.push_back(residual ? residual : g.insertConstant(IValue()));
  inputs.push_back(g.insertConstant(IValue(c.act ? c.act->name : std::string("none"))));
  inputs.push_back(g.insertConstant(IValue(c.act ? c.act->lo : 0.0)));
  inputs.push_back(g.insertConstant(IValue(c.act ? c.act->hi : 0.0)));
  if (c.pool) inputs.insert(inputs.end(), c.pool->inputs().begin() + 1, c.pool->inputs().end());
  const char* name = c.pool ? "conv2d_bn_max_pool2d" : c.conv ? "conv2d_bn_fused" : "batch_norm_fused";
  Node* fused = g.insertNode(g.create(Symbol::fromNamespaceAndName("ember", name), inputs));
  fused->output()->copyMetadata(last->output());
  GRAPH_UPDATE("Fusing ", c.bn->output()->debugName(), " = batch_norm(...) with ", c.conv ? "its convolution and " : "",
               "its epilogue", c.pool ? " and max pool" : "", " into ", fused->output()->debugName());
  last->output()->replaceAllUsesWith(fused->output());
  const std::vector<Node*> replaced = c.nodes();
  for (auto it = replaced.rbegin(); it != replaced.rend(); ++it) (*it)->destroy();
}

bool hasEvalBatchNorm(Block* block) {
  for (Node* n : block->nodes()) {
    if (isEvalBatchNorm(n)) return true;
    for (Block* b : n->blocks())
      if (hasEvalBatchNorm(b)) return true;
  }
  return false;
}

}  // namespace

bool fuseBatchNormEpilogues(const std::shared_ptr<Graph>& graph) {
  // The AliasDb costs a walk of the whole graph: most graphs have no batch norm to fuse.
  if (!hasEvalBatchNorm(graph->block())) return false;
  std::vector<Chain> chains;
  {
    AliasDb db(graph);
    std::unordered_set<Node*> claimed;
    collect(graph->block(), db, claimed, chains);
  }
  bool changed = false;
  for (const Chain& c : chains) {
    if (!JIT_OPT_ALLOWED) break;
    fuse(*graph, c);
    changed = true;
  }
  if (changed) GRAPH_DUMP("After FuseBatchNormEpilogue: ", graph);
  return changed;
}

}  // namespace ember::jit
