// The operators of the profiling executor:
//  - prim::profile(x) -> x: records the value in its ProfileSlot, passes it on;
//  - prim::TypeCheck[types=[T...]](x...) -> (x..., ok): passes its inputs on and pushes whether
//    each tensor matches its type (dtype, device, requires_grad, rank, and the sizes and strides
//    the type knows): the guard before a specialised graph;
//  - prim::FallbackGraph[Subgraph=g](x...) -> (...): runs the unspecialised graph g when a guard
//    failed (the spec's bail-out), through a graph executor of its own, so it may be profiled
//    and specialised in turn up to the executor's limit.
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

namespace ember::jit {
namespace {

NodeOperation createProfile(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::profile needs its graph node to run");
  IntrusivePtr<CustomClassHolder> holder = node->ival(Symbol::attr("profile_slot")).toCapsule();
  return [holder](Stack& stack) { static_cast<ProfileSlot&>(*holder).record(stack.back()); };
}

bool matchesDims(const OptionalDims& dims, IntArrayRef actual) {
  if (!dims) return true;
  if (dims->size() != actual.size()) return false;
  for (size_t i = 0; i < actual.size(); ++i)
    if ((*dims)[i] && *(*dims)[i] != actual[i]) return false;
  return true;
}

bool matchesType(const IValue& v, const TensorType& t) {
  if (!v.isTensor()) return false;
  const Tensor& x = v.toTensor();
  if (!x.defined()) return false;
  if (t.scalarType() && *t.scalarType() != x.scalar_type()) return false;
  if (t.device() && *t.device() != x.device()) return false;
  if (t.requiresGrad() && *t.requiresGrad() != x.requires_grad()) return false;
  if (t.dim() && *t.dim() != static_cast<size_t>(x.dim())) return false;
  return matchesDims(t.sizes(), x.sizes()) && matchesDims(t.strides(), x.strides());
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
  return [types](Stack& stack) {
    size_t n = types.size();
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i) ok = matchesType(stack[stack.size() - n + i], *types[i]);
    stack.emplace_back(ok);
  };
}

NodeOperation createFallbackGraph(const Node* node) {
  EMBER_CHECK(node != nullptr, "prim::FallbackGraph needs its graph node to run");
  std::string name = node->hasAttribute(attr::name) ? node->s(attr::name) : std::string("fallback");
  auto executor = std::make_shared<GraphExecutor>(node->g(attr::Subgraph), name,
                                                  static_cast<int>(node->i(Symbol::attr("depth"))));
  IntrusivePtr<CustomClassHolder> counter;
  if (node->hasAttribute(Symbol::attr("bailouts"))) counter = node->ival(Symbol::attr("bailouts")).toCapsule();
  return [executor, counter](Stack& stack) {
    if (counter) static_cast<BailoutCounter&>(*counter).count.fetch_add(1, std::memory_order_relaxed);
    executor->run(stack);
  };
}

RegisterOperators reg({
    Operator("prim::profile(...) -> ...", createProfile, AliasAnalysisKind::INTERNAL_SPECIAL_CASE),
    Operator("prim::TypeCheck(...) -> ...", createTypeCheck, AliasAnalysisKind::INTERNAL_SPECIAL_CASE),
    Operator("prim::FallbackGraph(...) -> ...", createFallbackGraph, AliasAnalysisKind::CONSERVATIVE),
});

}  // namespace
}  // namespace ember::jit
