// The autograd builtins TorchScript programs call: torch.autograd.grad (aten::grad),
// Tensor.backward (aten::backward), x.grad (prim::grad), x.is_leaf, x.retain_grad(), x.retains_grad,
// x._version, x.output_nr. The engine is ember/runtime/autograd.h.
#include "ember/runtime/autograd.h"
#include "ember/runtime/register_operators.h"
#include "runtime/autograd/autograd_meta.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

std::vector<Tensor> optTensors(const IValue& v) {
  std::vector<Tensor> out;
  if (v.isNone()) return out;
  for (const IValue& e : v.toListRef().elements) out.push_back(e.isTensor() ? e.toTensor() : Tensor());
  return out;
}

void gradOp(Stack& s) {
  IValue* a = args(s, 6);
  std::vector<Tensor> outputs = tensorListArg(a[0]);
  std::vector<Tensor> inputs = tensorListArg(a[1]);
  std::vector<Tensor> gradOutputs = optTensors(a[2]);
  std::optional<bool> retain = optBoolArg(a[3]);
  std::vector<Tensor> grads =
      autograd::grad(outputs, inputs, gradOutputs, retain, boolArg(a[4]), boolArg(a[5]));
  std::vector<IValue> elems;
  for (Tensor& g : grads) elems.push_back(g.defined() ? IValue(std::move(g)) : IValue());
  ret(s, 6, makeList(OptionalType::create(TensorType::get()), std::move(elems)));
}

void backwardOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor self = tensorArg(a[0]);
  Tensor gradient = optTensorUndefArg(a[1]);
  std::vector<Tensor> grads;
  if (gradient.defined()) grads.push_back(gradient);
  autograd::backward({self}, grads, optBoolArg(a[2]), boolArg(a[3]));
  dropArgs(s, 4);
}

void backwardListOp(Stack& s) {
  IValue* a = args(s, 4);
  std::vector<Tensor> tensors = tensorListArg(a[0]);
  autograd::backward(tensors, optTensors(a[1]), optBoolArg(a[2]), boolArg(a[3]));
  dropArgs(s, 4);
}

void gradAttrOp(Stack& s) {
  Tensor self = tensorArg(s.back());
  Tensor g = autograd::gradOf(self);
  s.back() = g.defined() ? IValue(std::move(g)) : IValue();
}

void isLeafOp(Stack& s) {
  Tensor self = tensorArg(s.back());
  s.back() = IValue(autograd::isLeaf(self));
}

void retainGradOp(Stack& s) {
  autograd::retainGrad(tensorArg(s.back()));
  s.pop_back();
}

void retainsGradOp(Stack& s) {
  Tensor self = tensorArg(s.back());
  s.back() = IValue(autograd::retainsGrad(self));
}

RegisterOperators reg({
    {"aten::retain_grad(Tensor(a!) self) -> ()", retainGradOp},
    {"aten::retains_grad(Tensor self) -> bool", retainsGradOp},
    {"aten::grad(Tensor[] outputs, Tensor[] inputs, Tensor?[]? grad_outputs=None, bool? retain_graph=None, bool "
     "create_graph=False, bool allow_unused=False) -> Tensor?[]",
     gradOp, AliasAnalysisKind::CONSERVATIVE},
    {"aten::backward(Tensor self, Tensor? gradient=None, bool? retain_graph=None, bool create_graph=False) -> ()",
     backwardOp, AliasAnalysisKind::CONSERVATIVE},
    {"aten::backward.TensorList(Tensor[] tensors, Tensor?[]? grad_tensors=None, bool? retain_graph=None, bool "
     "create_graph=False) -> ()",
     backwardListOp, AliasAnalysisKind::CONSERVATIVE},
    {"prim::grad(Tensor a) -> Tensor(*)", gradAttrOp, AliasAnalysisKind::CONSERVATIVE},
    {"aten::is_leaf(Tensor self) -> bool", isLeafOp},
    {"aten::_version(Tensor self) -> int",
     [](Stack& s) { s.back() = IValue(int64_t(autograd::versionOf(tensorArg(s.back()).storage().impl()))); }},
    {"aten::output_nr(Tensor self) -> int",
     [](Stack& s) {
       autograd::AutogradMeta* meta = autograd::autogradMeta(tensorArg(s.back()).impl());
       s.back() = IValue(int64_t(meta && meta->gradFn ? meta->outputNr : 0));
     }},
});

}  // namespace
}  // namespace ember::jit::aten
