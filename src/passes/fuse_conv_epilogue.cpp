#include "passes/fuse_conv_epilogue.h"

#include <optional>
#include <string>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/core/type.h"
#include "ember/ir/alias_analysis.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

const char* const kConv2d =
    "aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] padding=0, int[2] "
    "dilation=1, int groups=1) -> Tensor";

// The single node using `v`, or null when it has no use or several.
Node* onlyUser(const Value* v) { return v->uses().size() == 1 ? v->uses()[0].user : nullptr; }

std::optional<double> constNumber(const Value* v) {
  auto iv = toIValue(v);
  if (!iv) return std::nullopt;
  if (iv->isDouble()) return iv->toDouble();
  if (iv->isInt()) return static_cast<double>(iv->toInt());
  return std::nullopt;
}

// An activation applied to `v` (its input 0).
struct Activation {
  Node* node = nullptr;
  std::string name;
  double lo = 0, hi = 0;
};

std::optional<Activation> activationOf(Node* n, const Value* v) {
  if (!n || n->inputs().empty() || n->input(0) != v || n->outputs().size() != 1) return std::nullopt;
  const std::string kind = n->kind().toQualString();
  Activation a{n, "", 0, 0};
  if (kind == "aten::relu" || kind == "aten::relu_") a.name = "relu";
  else if (kind == "aten::relu6" || kind == "aten::relu6_") a = {n, "hardtanh", 0, 6};
  else if (kind == "aten::silu" || kind == "aten::silu_") a.name = "silu";
  else if (kind == "aten::hardswish" || kind == "aten::hardswish_") a.name = "hardswish";
  else if (kind == "aten::sigmoid" || kind == "aten::sigmoid_") a.name = "sigmoid";
  else if (kind == "aten::hardtanh" || kind == "aten::hardtanh_") {
    if (n->inputs().size() != 3) return std::nullopt;
    auto lo = constNumber(n->input(1)), hi = constNumber(n->input(2));
    if (!lo || !hi) return std::nullopt;
    a = {n, "hardtanh", *lo, *hi};
  } else if (kind == "aten::gelu") {
    if (n->inputs().size() != 2) return std::nullopt;
    auto approx = toIValue(n->input(1));
    if (!approx || !approx->isString()) return std::nullopt;
    if (approx->toStringRef() == "none") a.name = "gelu";
    else if (approx->toStringRef() == "tanh") a.name = "gelu_tanh";
    else return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (n->inputs().size() != 1 && a.name != "hardtanh" && kind != "aten::gelu") return std::nullopt;
  return a;
}

// A residual add of `v` with alpha 1: the other operand, or null. An in-place add must write `v`.
Value* residualOf(Node* add, const Value* v) {
  if (!add || add->inputs().size() != 3 || add->outputs().size() != 1) return nullptr;
  const bool inPlace = add->kind() == Symbol::aten("add_");
  if (add->kind() != aten::add && !inPlace) return nullptr;
  auto alpha = constNumber(add->input(2));
  if (!alpha || *alpha != 1.0) return nullptr;
  Value* other = nullptr;
  if (add->input(0) == v) other = add->input(1);
  else if (add->input(1) == v && !inPlace) other = add->input(0);
  if (!other || !other->type()->castRaw<TensorType>()) return nullptr;
  return other;
}

// One fusion per AliasDb: a fused node is new to the AliasDb it was formed with, so the next
// fusion is looked for with a fresh one (a frozen graph has tens of convolutions).
class EpilogueFuser {
 public:
  explicit EpilogueFuser(const std::shared_ptr<Graph>& graph) : graph_(graph), aliasDb_(graph, /*isFrozen=*/true) {}

  bool fuseOne() {
    std::vector<Node*> convs;
    collect(graph_->block(), convs);
    for (Node* conv : convs)
      if (tryFuse(conv)) return true;
    return false;
  }

 private:
  void collect(Block* block, std::vector<Node*>& out) {
    for (Node* n : block->nodes()) {
      for (Block* b : n->blocks()) collect(b, out);
      static const Symbol conv2d = Symbol::aten("conv2d");
      if (n->kind() == conv2d && n->matches(kConv2d)) out.push_back(n);
    }
  }

  // No node strictly between `first` and `last` writes to `protectedValues`.
  bool untouchedBetween(Node* first, Node* last, const ValueSet& protectedValues) {
    for (Node* n = first->next(); n != last; n = n->next())
      if (aliasDb_.writesToAlias(n, protectedValues)) return false;
    return true;
  }

  bool tryFuse(Node* conv) {
    Value* result = conv->output();
    Node* user = onlyUser(result);
    Node* add = nullptr;
    Value* residual = residualOf(user, result);
    if (residual) {
      add = user;
      result = add->output();
      user = onlyUser(result);
    }
    std::optional<Activation> act = activationOf(user, result);
    if (!add && !act) return false;
    Node* last = act ? act->node : add;
    for (Node* n : {add, act ? act->node : nullptr})
      if (n && n->owningBlock() != conv->owningBlock()) return false;
    ValueSet guarded(conv->inputs().begin(), conv->inputs().end());
    if (residual) guarded.insert(residual);
    if (!untouchedBetween(conv, last, guarded)) return false;
    if (!JIT_OPT_ALLOWED) return false;

    WithInsertPoint guard(last);
    std::vector<Value*> inputs(conv->inputs().begin(), conv->inputs().end());
    inputs.push_back(residual ? residual : graph_->insertConstant(IValue()));
    inputs.push_back(graph_->insertConstant(IValue(act ? act->name : std::string("none"))));
    inputs.push_back(graph_->insertConstant(IValue(act ? act->lo : 0.0)));
    inputs.push_back(graph_->insertConstant(IValue(act ? act->hi : 0.0)));
    Node* fused = graph_->insertNode(graph_->create(Symbol::fromNamespaceAndName("ember", "conv2d_fused"), inputs));
    fused->output()->copyMetadata(last->output());
    GRAPH_UPDATE("Fusing ", conv->output()->debugName(), " = conv2d(...) with its epilogue into ",
                 fused->output()->debugName());
    last->output()->replaceAllUsesWith(fused->output());
    last->destroy();
    if (add && add != last) add->destroy();
    conv->destroy();
    return true;
  }

  std::shared_ptr<Graph> graph_;
  AliasDb aliasDb_;
};

}  // namespace

bool fuseConvEpilogues(const std::shared_ptr<Graph>& graph) {
  bool changed = false;
  while (EpilogueFuser(graph).fuseOne()) changed = true;
  GRAPH_DUMP("After FuseConvEpilogue: ", graph);
  return changed;
}

}  // namespace ember::jit
