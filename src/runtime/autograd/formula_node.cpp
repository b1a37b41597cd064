// Running a derivative formula: the saved values and the incoming gradients bound to the def's
// parameters, the result split into one gradient per next edge and checked against the inputs.
#include "runtime/autograd/formula_node.h"

#include <sstream>

#include "ember/runtime/autograd.h"
#include "ember/runtime/grad_mode.h"
#include "ember/tensor/ops/shape_extra.h"

namespace ember::autograd {

using jit::IValue;

namespace {

Tensor call(const char* op, jit::Stack stack) {
  callOperator(op, stack);
  return stack.back().toTensor();
}

Tensor zerosFor(const TensorGeometry& g) { return ember::zeros(g.sizes, TensorOptions(g.dtype)); }

std::string sizesString(IntArrayRef sizes) {
  std::ostringstream s;
  s << "[";
  for (size_t i = 0; i < sizes.size(); ++i) s << (i ? ", " : "") << sizes[i];
  s << "]";
  return s.str();
}

}  // namespace

std::string backwardNodeName(const jit::FunctionSchema& schema) {
  std::string name = schema.name().substr(schema.name().find("::") + 2);
  if (name.size() > 1 && name.back() == '_') name.pop_back();
  std::string out;
  bool upper = true;
  for (char c : name) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out + "Backward0";
}

void FormulaNode::releaseVariables() {
  for (Param& p : params_)
    if (p.kind == Param::Kind::SavedTensor || p.kind == Param::Kind::Result) p.saved.reset();
}

std::vector<Tensor> FormulaNode::apply(std::vector<Tensor>&& gradOutputs) {
  std::shared_ptr<Node> self = shared_from_this();
  jit::Stack stack;
  stack.reserve(params_.size());
  for (const Param& p : params_) {
    switch (p.kind) {
      case Param::Kind::Grad: {
        const Tensor& g = gradOutputs.at(p.index);
        stack.emplace_back(g.defined() ? g : zerosFor(outputs_.at(p.index)));
        break;
      }
      case Param::Kind::GradList: {
        std::vector<Tensor> all;
        for (size_t i = 0; i < outputs_.size(); ++i)
          all.push_back(gradOutputs[i].defined() ? gradOutputs[i] : zerosFor(outputs_[i]));
        stack.emplace_back(jit::makeTensorList(all));
        break;
      }
      case Param::Kind::Result:
      case Param::Kind::SavedTensor: {
        Tensor t = p.saved.unpack(self);
        stack.emplace_back(t.defined() ? IValue(std::move(t)) : IValue());
        break;
      }
      case Param::Kind::Value:
        stack.push_back(p.value);
        break;
    }
  }
  compiledFormula(*formula_).run(stack);
  return gradientsFromResult(stack.back());
}

std::vector<Tensor> FormulaNode::gradientsFromResult(const IValue& result) const {
  std::vector<IValue> perArg;
  if (tensorArgs_.size() == 1) perArg.push_back(result);
  else perArg = result.toTupleRef().elements;
  EMBER_ASSERT(perArg.size() == tensorArgs_.size(), "derivative formula of ", name_, " returned ", perArg.size(),
               " gradients for ", tensorArgs_.size(), " tensor arguments");
  std::vector<Tensor> grads;
  grads.reserve(inputs_.size());
  for (size_t a = 0; a < perArg.size(); ++a) {
    const auto [count, isList] = tensorArgs_[a];
    if (!isList) {
      grads.push_back(perArg[a].isTensor() ? perArg[a].toTensor() : Tensor());
      continue;
    }
    std::vector<IValue> elems;
    if (perArg[a].isList()) elems = perArg[a].toListRef().elements;
    for (size_t i = 0; i < count; ++i)
      grads.push_back(i < elems.size() && elems[i].isTensor() ? elems[i].toTensor() : Tensor());
  }
  for (size_t i = 0; i < grads.size(); ++i) {
    Tensor& g = grads[i];
    if (!g.defined()) continue;
    // Under create_graph the reduction and cast are recorded, so they are differentiated again.
    const bool recorded = jit::isGradEnabled() && g.requires_grad();
    const TensorGeometry& in = inputs_.at(i);
    if (g.sizes() != IntArrayRef(in.sizes)) {
      EMBER_CHECK(g.numel() == 0 || in.sizes.size() <= g.sizes().size() || g.numel() == 1,
                  "Function ", name_, " returned an invalid gradient at index ", i, " - got ", sizesString(g.sizes()),
                  " but expected shape compatible with ", sizesString(in.sizes));
      g = recorded ? call("aten::sum_to_size", {g, jit::makeIntList(in.sizes)}) : ember::sum_to_size(g, in.sizes);
    }
    if (g.dtype() != in.dtype)
      g = recorded ? call("aten::to.dtype", {g, IValue(static_cast<int64_t>(in.dtype)), IValue(false), IValue(false), IValue()})
                   : g.to(in.dtype);
  }
  return grads;
}

std::vector<Tensor> NotImplementedNode::apply(std::vector<Tensor>&&) {
  EMBER_ERROR(message_);
}

}  // namespace ember::autograd
