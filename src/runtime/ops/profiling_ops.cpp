// The operators of the profiling executor:
//  - prim::profile(x) -> x: records the value in its ProfileSlot, passes it on;
//  - prim::profile_ivalue(v) -> v: records an int, bool or int[] input (ProfileIValueSlot);
//  - prim::RequiresGradCheck[types=[...]](x...) -> (x..., ok): PyTorch's requires_grad-only guard;
//  - ember::profile_run_end() -> (): counts a completed run of the profiled graph;
//  - prim::TypeCheck[types=[T...], contiguous=[c...]](x...) -> (x..., ok): passes its inputs on
//    and pushes whether each tensor matches its type (type_guard.h: dtype, device, requires_grad,
//    rank, the sizes and strides the type knows, and contiguity where c is 1; the attribute is
//    optional): the guard before a specialised graph;
//  - prim::FallbackGraph[Subgraph=g](x...) -> (...): the call failed the guard (the spec's
//    bail-out): hands it back to the executor that built the plan (attribute `bailout_target`),
//    which runs another specialisation or the generalised graph; without a live executor, runs g
//    unspecialised through an executor of its own.
#include <memory>
#include <string>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"
#include "runtime/graph_executor_impl.h"
#include "runtime/profiling_record.h"
#include "runtime/type_guard.h"

namespace ember::jit {
namespace {

NodeOperation createProfile(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::profile needs its graph node to run");
  IntrusivePtr<CustomClassHolder> holder = node->ival(Symbol::attr("profile_slot")).toCapsule();
  return [holder](Stack& stack) { static_cast<ProfileSlot&>(*holder).record(stack.back()); };
}

NodeOperation createProfileIValue(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::profile_ivalue needs its graph node to run");
  IntrusivePtr<CustomClassHolder> holder = node->ival(Symbol::attr("profile_slot")).toCapsule();
  return [holder](Stack& stack) { static_cast<ProfileIValueSlot&>(*holder).record(stack.back()); };
}

// prim::RequiresGradCheck[types=[Tensor(requires_grad=r)...]](x...) -> (x..., ok): PyTorch's guard
// of a DifferentiableGraph's inputs, checking only requires_grad (ember's prim::TypeCheck checks
// it with the rest; this one runs PyTorch's IR).
NodeOperation createRequiresGradCheck(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::RequiresGradCheck needs its graph node to run");
  std::vector<std::optional<bool>> expected;
  for (const TypePtr& t : node->tys(attr::types)) {
    auto tt = t->cast<TensorType>();
    EMBER_CHECK(tt, "prim::RequiresGradCheck guards tensors, not ", t->str());
    expected.push_back(tt->requiresGrad());
  }
  EMBER_CHECK(expected.size() == node->inputs().size(), "prim::RequiresGradCheck has ", node->inputs().size(),
              " inputs but ", expected.size(), " types");
  return [expected](Stack& stack) {
    const size_t n = expected.size();
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i) {
      const IValue& v = stack[stack.size() - n + i];
      const bool rg = v.isTensor() && v.unsafeToTensorImpl() != nullptr && v.toTensor().requires_grad();
      ok = !expected[i] || *expected[i] == rg;
    }
    stack.emplace_back(ok);
  };
}

NodeOperation createProfileRunEnd(const Node* node) {
  EMBER_CHECK(node != nullptr, "ember::profile_run_end needs its graph node to run");
  IntrusivePtr<CustomClassHolder> holder = node->ival(Symbol::attr("runs")).toCapsule();
  return [holder](Stack&) {
    static_cast<ProfiledRunCounter&>(*holder).completed.fetch_add(1, std::memory_order_acq_rel);
  };
}

NodeOperation createTypeCheck(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::TypeCheck needs its graph node to run");
  std::vector<TensorTypePtr> types;
  for (const TypePtr& t : node->tys(attr::types)) {
    auto tt = t->cast<TensorType>();
    EMBER_CHECK(tt, "prim::TypeCheck guards tensors, not ", t->str());
    types.push_back(tt);
  }
  EMBER_CHECK(types.size() == node->inputs().size(), "prim::TypeCheck has ", node->inputs().size(),
              " inputs but ", types.size(), " types");
  std::vector<int64_t> contiguous(types.size(), 0);
  if (node->hasAttribute(Symbol::attr("contiguous"))) {
    contiguous = node->is(Symbol::attr("contiguous"));
    EMBER_CHECK(contiguous.size() == types.size(), "prim::TypeCheck has ", types.size(), " types but ",
                contiguous.size(), " contiguity flags");
  }
  return [types, contiguous](Stack& stack) {
    size_t n = types.size();
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i) ok = guardAccepts(*types[i], contiguous[i] != 0, stack[stack.size() - n + i]);
    stack.emplace_back(ok);
  };
}

NodeOperation createFallbackGraph(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::FallbackGraph needs its graph node to run");
  std::string name = node->hasAttribute(attr::name) ? node->s(attr::name) : std::string("fallback");
  auto executor = std::make_shared<GraphExecutor>(node->g(attr::Subgraph), name,
                                                  static_cast<int>(node->i(Symbol::attr("depth"))));
  IntrusivePtr<CustomClassHolder> target;
  if (node->hasAttribute(Symbol::attr("bailout_target"))) target = node->ival(Symbol::attr("bailout_target")).toCapsule();
  return [executor, target](Stack& stack) {
    if (target && static_cast<BailoutTarget&>(*target).run(stack)) return;
    executor->run(stack);
  };
}

RegisterOperators reg({
    Operator("prim::profile(...) -> ...", createProfile, AliasAnalysisKind::INTERNAL_SPECIAL_CASE),
    Operator("prim::profile_ivalue(...) -> ...", createProfileIValue, AliasAnalysisKind::INTERNAL_SPECIAL_CASE),
    Operator("prim::RequiresGradCheck(...) -> ...", createRequiresGradCheck, AliasAnalysisKind::INTERNAL_SPECIAL_CASE),
    Operator("ember::profile_run_end() -> ()", createProfileRunEnd, AliasAnalysisKind::INTERNAL_SPECIAL_CASE),
    Operator("prim::TypeCheck(...) -> ...", createTypeCheck, AliasAnalysisKind::INTERNAL_SPECIAL_CASE),
    Operator("prim::FallbackGraph(...) -> ...", createFallbackGraph, AliasAnalysisKind::CONSERVATIVE),
});

}  // namespace
}  // namespace ember::jit
