// prim::TensorExprGroup[Subgraph=g](x...) -> (...): a fusion group formed by the fuser
// (passes/tensorexpr_fuser.h), run by its tile kernel (runtime/fuser/fusion_group.h). Its
// outputs are fresh tensors, so alias analysis treats it as a pure function.
#include <memory>

#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/runtime/register_operators.h"
#include "runtime/fuser/fusion_group.h"

namespace ember::jit {
namespace {

NodeOperation createTensorExprGroup(const Node* node) {
  EMBER_CHECK(node != nullptr && node->hasAttribute(attr::Subgraph),
              "prim::TensorExprGroup needs its graph node and subgraph to run");
  auto group = std::make_shared<FusionGroup>(node->g(attr::Subgraph));
  return [group](Stack& stack) { group->run(stack); };
}

RegisterOperators reg({
    Operator("prim::TensorExprGroup(...) -> ...", createTensorExprGroup, AliasAnalysisKind::PURE_FUNCTION),
});

}  // namespace
}  // namespace ember::jit
