#include "passes/frozen_graph_utils.h"

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

std::optional<IValue> constantIValue(const Value* v) {
  if (v->node()->kind() != prim::Constant) return std::nullopt;
  return toIValue(v);
}

std::optional<Tensor> constantTensor(const Value* v) {
  std::optional<IValue> iv = constantIValue(v);
  if (!iv || !iv->isTensor()) return std::nullopt;
  return iv->toTensor();
}

bool isConstantNone(const Value* v) {
  std::optional<IValue> iv = constantIValue(v);
  return iv && iv->isNone();
}

std::optional<bool> constantBool(const Value* v) {
  std::optional<IValue> iv = constantIValue(v);
  if (!iv || !iv->isBool()) return std::nullopt;
  return iv->toBool();
}

std::optional<double> constantDouble(const Value* v) {
  std::optional<IValue> iv = constantIValue(v);
  if (!iv) return std::nullopt;
  if (iv->isDouble()) return iv->toDouble();
  if (iv->isInt()) return static_cast<double>(iv->toInt());
  return std::nullopt;
}

bool isFloatingConstantTensor(const Value* v) {
  std::optional<Tensor> t = constantTensor(v);
  return t && t->defined() && isFloatingType(t->scalar_type());
}

bool isFoldableConvolution(const Node* n) {
  static const Symbol kConv1d = Symbol::aten("conv1d"), kConv3d = Symbol::aten("conv3d"),
                      kConvolution = Symbol::aten("_convolution");
  Symbol k = n->kind();
  bool conv = k == kConv1d || k == aten::conv2d || k == kConv3d;
  if (k == kConvolution) {
    std::optional<bool> transposed = constantBool(n->namedInput("transposed"));
    conv = transposed && !*transposed;
  }
  if (!conv || n->outputs().size() != 1 || n->output()->uses().size() != 1) return false;
  Value* bias = convolutionBias(n);
  return isFloatingConstantTensor(convolutionWeight(n)) && (isConstantNone(bias) || constantTensor(bias));
}

Value* convolutionWeight(const Node* conv) { return conv->input(1); }
Value* convolutionBias(const Node* conv) { return conv->input(2); }

void setConvolutionWeightAndBias(Node* conv, const Tensor& weight, const std::string& weightName,
                                 const Tensor& bias, const std::string& biasName) {
  conv->replaceInput(1, insertConstantTensorBefore(conv, weight, weightName));
  conv->replaceInput(2, insertConstantTensorBefore(conv, bias, biasName));
}

bool rewriteEachNode(Block* block, const std::function<bool(Node*)>& rewrite) {
  bool changed = false;
  for (Node* n = block->nodes().front(); n != block->returnNode();) {
    Node* next = n->next();  // `rewrite` may destroy n
    for (Block* b : n->blocks()) changed |= rewriteEachNode(b, rewrite);
    changed |= rewrite(n);
    n = next;
  }
  return changed;
}

std::string suffixedName(const Value* v, const std::string& suffix) {
  return v->hasDebugName() ? v->debugName() + suffix : std::string();
}

Value* insertConstantTensorBefore(Node* before, const Tensor& t, const std::string& name) {
  Graph* g = before->owningGraph();
  WithInsertPoint guard(before);
  Value* c = g->insertConstant(IValue(t));
  if (!name.empty() && Value::isValidName(name)) c->setDebugName(name);
  return c;
}

}  // namespace ember::jit
