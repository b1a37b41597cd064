#include "passes/fuse_conv_epilogue.h"

#include <optional>
#include <string>
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
    Value* residual = epilogueAddendOf(user, result);
    if (residual) {
      add = user;
      result = add->output();
      user = onlyUser(result);
    }
    std::optional<EpilogueActivation> act = epilogueActivationOf(user, result);
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
