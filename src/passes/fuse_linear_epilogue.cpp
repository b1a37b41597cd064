#include "passes/fuse_linear_epilogue.h"

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

const char* const kMatmul = "aten::matmul(Tensor self, Tensor other) -> Tensor";
const char* const kLinear = "aten::linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor";

// One fusion per AliasDb, as in fuse_conv_epilogue: a fused node is new to the AliasDb it was
// formed with.
class LinearEpilogueFuser {
 public:
  explicit LinearEpilogueFuser(const std::shared_ptr<Graph>& graph)
      : graph_(graph), aliasDb_(graph, /*isFrozen=*/true) {}

  bool fuseOne() {
    std::vector<Node*> products;
    collect(graph_->block(), products);
    for (Node* p : products)
      if (tryFuse(p)) return true;
    return false;
  }

 private:
  void collect(Block* block, std::vector<Node*>& out) {
    for (Node* n : block->nodes()) {
      for (Block* b : n->blocks()) collect(b, out);
      if ((n->kind() == aten::matmul && n->matches(kMatmul)) || (n->kind() == aten::linear && n->matches(kLinear)))
        out.push_back(n);
    }
  }

  bool untouchedBetween(Node* first, Node* last, const ValueSet& protectedValues) {
    for (Node* n = first->next(); n != last; n = n->next())
      if (aliasDb_.writesToAlias(n, protectedValues)) return false;
    return true;
  }

  bool tryFuse(Node* product) {
    const bool isLinear = product->kind() == aten::linear;
    // The adds after the product: a matmul takes a bias and a residual, a linear (which has its
    // bias) a residual.
    std::vector<Node*> adds;
    std::vector<Value*> addends;
    Value* result = product->output();
    Node* user = onlyUser(result);
    for (size_t k = 0; k < (isLinear ? 1u : 2u); ++k) {
      Value* addend = epilogueAddendOf(user, result);
      if (!addend) break;
      adds.push_back(user);
      addends.push_back(addend);
      result = user->output();
      user = onlyUser(result);
    }
    std::optional<EpilogueActivation> act = epilogueActivationOf(user, result);
    if (adds.empty() && !act) return false;
    Node* last = act ? act->node : adds.back();
    for (Node* n : adds)
      if (n->owningBlock() != product->owningBlock()) return false;
    if (act && act->node->owningBlock() != product->owningBlock()) return false;
    ValueSet guarded(product->inputs().begin(), product->inputs().end());
    guarded.insert(addends.begin(), addends.end());
    if (!untouchedBetween(product, last, guarded)) return false;
    if (!JIT_OPT_ALLOWED) return false;

    WithInsertPoint guard(last);
    Value* none = graph_->insertConstant(IValue());
    std::vector<Value*> inputs{product->input(0), product->input(1)};
    if (isLinear) {
      inputs.push_back(product->input(2));
      inputs.push_back(addends.empty() ? none : addends[0]);
    } else {
      inputs.push_back(addends.empty() ? none : addends[0]);
      inputs.push_back(addends.size() < 2 ? none : addends[1]);
    }
    inputs.push_back(graph_->insertConstant(IValue(act ? act->name : std::string("none"))));
    inputs.push_back(graph_->insertConstant(IValue(act ? act->lo : 0.0)));
    inputs.push_back(graph_->insertConstant(IValue(act ? act->hi : 0.0)));
    const char* name = isLinear ? "linear_fused" : "matmul_fused";
    Node* fused = graph_->insertNode(graph_->create(Symbol::fromNamespaceAndName("ember", name), inputs));
    fused->output()->copyMetadata(last->output());
    GRAPH_UPDATE("Fusing ", product->output()->debugName(), " = ", product->kind().toQualString(),
                 "(...) with its epilogue into ", fused->output()->debugName());
    last->output()->replaceAllUsesWith(fused->output());
    if (act) act->node->destroy();
    for (auto it = adds.rbegin(); it != adds.rend(); ++it) (*it)->destroy();
    product->destroy();
    return true;
  }

  std::shared_ptr<Graph> graph_;
  AliasDb aliasDb_;
};

}  // namespace

bool fuseLinearEpilogues(const std::shared_ptr<Graph>& graph) {
  bool changed = false;
  while (LinearEpilogueFuser(graph).fuseOne()) changed = true;
  GRAPH_DUMP("After FuseLinearEpilogue: ", graph);
  return changed;
}

}  // namespace ember::jit
