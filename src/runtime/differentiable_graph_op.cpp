// prim::DifferentiableGraph[Subgraph=f, ReverseSubgraph=df, ...](x...) -> (y...): runs the forward
// graph f of a differentiated group (runtime/autodiff/differentiate.h) and, when grad mode is on
// and an input whose gradient df computes requires grad, connects the call to the eager autograd
// engine with ONE node, DifferentiableGraphBackward, whose apply runs df on the saved values.
//
// f runs with grad mode off (its ops must not record nodes of their own). The node's input
// slots are f's outputs: the real ones (which get it as grad_fn) and the temporaries df reads
// (saved as the node's outputs, so double backward reaches them). Saved inputs keep their
// storage version, checked when backward unpacks them, as eager saved tensors are; without
// retain_graph the engine releases them after backward. df runs in the grad mode backward runs
// in (create_graph), so its ops are recorded like any program's and second derivatives come
// from the same formulas.
#include <memory>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/runtime/grad_mode.h"
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/shape.h"
#include "runtime/autodiff/differentiate.h"
#include "runtime/autograd/autograd_meta.h"
#include "runtime/autograd/formula_node.h"
#include "runtime/code.h"
#include "runtime/interpreter.h"

namespace ember::jit {
namespace {

using autograd::SavedTensor;
using autograd::TensorGeometry;

struct DifferentiablePlan {
  std::shared_ptr<Code> f, df;
  size_t numInputs = 0, numFOutputs = 0, realOutputs = 0;
  std::vector<int64_t> vjps, capturedInputs, capturedOutputs, outputVjps;
};

bool isDefinedTensor(const IValue& v) { return v.isTensor() && v.unsafeToTensorImpl() != nullptr; }

// A value df reads: a tensor saved with its version (an f output as the node's own output), or
// anything else as is.
struct SavedValue {
  SavedTensor tensor;
  IValue value;
  bool isTensor = false;
};

class DifferentiableGraphBackward : public autograd::Node {
 public:
  explicit DifferentiableGraphBackward(std::shared_ptr<const DifferentiablePlan> plan)
      : plan_(std::move(plan)), outputs_(plan_->numFOutputs) {}
  std::string name() const override { return "DifferentiableGraphBackward"; }
  size_t numInputs() const override { return plan_->numFOutputs; }

  std::vector<TensorGeometry>& outputs() { return outputs_; }
  std::vector<SavedValue>& saved() { return saved_; }

  void releaseVariables() override {
    for (SavedValue& s : saved_)
      if (s.isTensor) s.tensor.reset();
  }

  std::vector<Tensor> apply(std::vector<Tensor>&& grads) override {
    std::shared_ptr<autograd::Node> self = shared_from_this();
    Stack stack;
    for (int64_t j : plan_->vjps) {
      const Tensor& g = grads.at(static_cast<size_t>(j));
      if (g.defined())
        stack.emplace_back(g);
      else if (static_cast<size_t>(j) < plan_->realOutputs)
        stack.emplace_back(ember::zeros(outputs_[j].sizes, TensorOptions(outputs_[j].dtype)));
      else
        stack.emplace_back();
    }
    for (const SavedValue& s : saved_) {
      if (!s.isTensor) {
        stack.push_back(s.value);
        continue;
      }
      Tensor t = s.tensor.unpack(self);
      stack.emplace_back(t.defined() ? IValue(std::move(t)) : IValue());
    }
    runCode(*plan_->df, stack);
    std::vector<Tensor> result;
    result.reserve(plan_->outputVjps.size());
    for (size_t k = stack.size() - plan_->outputVjps.size(); k < stack.size(); ++k)
      result.push_back(isDefinedTensor(stack[k]) ? stack[k].toTensor() : Tensor());
    return result;
  }

 private:
  std::shared_ptr<const DifferentiablePlan> plan_;
  std::vector<TensorGeometry> outputs_;
  std::vector<SavedValue> saved_;
};

SavedValue saveValue(const IValue& v, bool isOutput, uint32_t outputNr) {
  SavedValue s;
  if (isDefinedTensor(v)) {
    const Tensor& t = v.toTensor();
    s.isTensor = true;
    s.tensor = SavedTensor(t, isOutput && (isFloatingType(t.dtype()) || isComplexType(t.dtype())), outputNr);
  } else {
    s.value = v;
  }
  return s;
}

void runDifferentiableGraph(const std::shared_ptr<const DifferentiablePlan>& plan, Stack& stack) {
  const DifferentiablePlan& p = *plan;
  EMBER_CHECK(stack.size() >= p.numInputs, "prim::DifferentiableGraph expects ", p.numInputs, " inputs");
  const size_t base = stack.size() - p.numInputs;
  bool build = false;
  if (isGradEnabled())
    for (int64_t i : p.outputVjps) {
      const IValue& v = stack[base + i];
      build = build || (isDefinedTensor(v) && v.toTensor().requires_grad());
    }
  if (!build) {
    {
      GradModeGuard off(false);
      runCode(*p.f, stack);
    }
    stack.resize(stack.size() - (p.numFOutputs - p.realOutputs));
    return;
  }
  std::vector<IValue> inputs(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.end());
  {
    GradModeGuard off(false);
    runCode(*p.f, stack);
  }
  const size_t outBase = stack.size() - p.numFOutputs;
  auto node = std::make_shared<DifferentiableGraphBackward>(plan);
  for (int64_t i : p.outputVjps) {
    const IValue& v = inputs[static_cast<size_t>(i)];
    node->mutableNextEdges().push_back(isDefinedTensor(v) ? autograd::gradientEdge(v.toTensor()) : autograd::Edge{});
  }
  // Real outputs get the node as grad_fn; one that is an input (or an earlier output) becomes a
  // fresh alias first, so that the input's own history is left alone.
  std::vector<const TensorImpl*> seen;
  for (const IValue& v : inputs)
    if (isDefinedTensor(v)) seen.push_back(v.unsafeToTensorImpl());
  for (size_t j = 0; j < p.numFOutputs; ++j) {
    IValue& v = stack[outBase + j];
    if (!isDefinedTensor(v)) continue;
    Tensor t = v.toTensor();
    node->outputs()[j] = {DimVector(t.sizes()), t.dtype()};
    if (j >= p.realOutputs || (!isFloatingType(t.dtype()) && !isComplexType(t.dtype()))) continue;
    if (std::find(seen.begin(), seen.end(), t.impl()) != seen.end()) {
      t = ember::alias(t);
      v = t;
    }
    seen.push_back(t.impl());
    autograd::AutogradMeta& meta = autograd::ensureAutogradMeta(t.impl());
    meta.gradFn = node;
    meta.outputNr = static_cast<uint32_t>(j);
    t.set_requires_grad(true);
  }
  for (int64_t i : p.capturedInputs) node->saved().push_back(saveValue(inputs[static_cast<size_t>(i)], false, 0));
  for (int64_t j : p.capturedOutputs)
    node->saved().push_back(saveValue(stack[outBase + j], true, static_cast<uint32_t>(j)));
  stack.resize(outBase + p.realOutputs);
}

std::vector<int64_t> intsOr(const Node* node, const char* name, std::vector<int64_t> fallback) {
  Symbol s = Symbol::attr(name);
  return node->hasAttribute(s) ? node->is(s) : fallback;
}

NodeOperation createDifferentiableGraph(const Node* node) {
  EMBER_CHECK(node != nullptr && node->hasAttribute(attr::Subgraph),
              "prim::DifferentiableGraph needs its graph node and subgraph to run");
  Gradient g;
  if (node->hasAttribute(Symbol::attr("ReverseSubgraph"))) {
    g.f = node->g(attr::Subgraph);
    g.df = node->g(Symbol::attr("ReverseSubgraph"));
    g.fRealOutputs = node->i(Symbol::attr("f_real_outputs"));
    g.dfInputVjps = intsOr(node, "df_input_vjps", {});
    g.dfInputCapturedInputs = intsOr(node, "df_input_captured_inputs", {});
    g.dfInputCapturedOutputs = intsOr(node, "df_input_captured_outputs", {});
    g.dfOutputVjps = intsOr(node, "df_output_vjps", {});
  } else {
    g = differentiate(node->g(attr::Subgraph));  // a group straight from IR text
  }
  auto plan = std::make_shared<DifferentiablePlan>();
  plan->numInputs = g.f->inputs().size();
  plan->numFOutputs = g.f->outputs().size();
  plan->realOutputs = static_cast<size_t>(g.fRealOutputs);
  plan->vjps = g.dfInputVjps;
  plan->capturedInputs = g.dfInputCapturedInputs;
  plan->capturedOutputs = g.dfInputCapturedOutputs;
  plan->outputVjps = g.dfOutputVjps;
  EMBER_CHECK(plan->realOutputs == node->outputs().size() && plan->numInputs == node->inputs().size(),
              "prim::DifferentiableGraph: its forward graph does not match the node's inputs and outputs");
  plan->f = std::make_shared<Code>(g.f, "DifferentiableGraph");
  plan->df = std::make_shared<Code>(g.df, "DifferentiableGraphBackward");
  std::shared_ptr<const DifferentiablePlan> shared = plan;
  return [shared](Stack& stack) { runDifferentiableGraph(shared, stack); };
}

RegisterOperators reg({
    Operator("prim::DifferentiableGraph(...) -> ...", createDifferentiableGraph, AliasAnalysisKind::CONSERVATIVE),
});

}  // namespace
}  // namespace ember::jit
