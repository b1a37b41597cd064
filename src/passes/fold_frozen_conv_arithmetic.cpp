#include "passes/fold_frozen_conv_arithmetic.h"

#include <optional>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/tensor.h"
#include "passes/frozen_graph_utils.h"

namespace ember::jit {

namespace {

// The convolution producing `v` when the frozen folds may rewrite it.
Node* foldableConvProducing(Value* v) {
  Node* producer = v->node();
  return isFoldableConvolution(producer) ? producer : nullptr;
}

// The constant operand as a tensor of `shape` in the weight's dtype, or nullopt when it is not a
// per-channel constant (see the header).
std::optional<Tensor> perChannelOperand(const Value* operand, const Tensor& weight, std::vector<int64_t> shape) {
  int64_t channels = weight.size(0);
  TensorOptions opts = TensorOptions().dtype(weight.scalar_type());
  if (std::optional<IValue> iv = constantIValue(operand); iv && (iv->isDouble() || iv->isInt())) {
    return full(shape, iv->isDouble() ? Scalar(iv->toDouble()) : Scalar(iv->toInt()), opts);
  }
  std::optional<Tensor> k = constantTensor(operand);
  if (!k || !k->defined() || k->dim() > weight.dim()) return std::nullopt;
  for (int64_t i = 0; i < k->dim(); ++i)
    if (i != 1 && k->size(i) != 1) return std::nullopt;
  if (k->numel() != 1 && k->numel() != channels) return std::nullopt;
  if (promoteTypes(k->scalar_type(), weight.scalar_type()) != weight.scalar_type()) return std::nullopt;
  if (k->numel() == 1) return full(shape, k->reshape({}).item(), opts);
  return k->to(weight.scalar_type()).reshape(shape).contiguous();
}

// The arithmetic node's result becomes the convolution's.
void dropArithmetic(Node* conv, Node* op) {
  op->output()->replaceAllUsesWith(conv->output());
  op->destroy();
}

bool foldAddOrSub(Node* n) {
  bool isAdd = n->kind() == aten::add, isSub = n->kind() == aten::sub;
  // add.Tensor / add.Scalar: (self, other, alpha)
  if ((!isAdd && !isSub) || n->inputs().size() != 3) return false;
  Node* conv = foldableConvProducing(n->input(0));
  std::optional<double> alpha = constantDouble(n->input(2));
  if (!conv || !alpha) return false;
  Tensor w = *constantTensor(convolutionWeight(conv));
  std::optional<Tensor> k = perChannelOperand(n->input(1), w, {w.size(0)});
  if (!k) return false;
  std::optional<Tensor> b = constantTensor(convolutionBias(conv));
  Tensor bias = b ? b->to(w.scalar_type()) : zeros({w.size(0)}, TensorOptions().dtype(w.scalar_type()));
  Tensor folded = isAdd ? add(bias, *k, Scalar(*alpha)) : sub(bias, *k, Scalar(*alpha));
  std::string biasName = suffixedName(convolutionBias(conv), isAdd ? "_fused_add" : "_fused_sub");
  conv->replaceInput(2, insertConstantTensorBefore(conv, folded, biasName));
  dropArithmetic(conv, n);
  return true;
}

bool foldMulOrDiv(Node* n) {
  bool isMul = n->kind() == aten::mul, isDiv = n->kind() == aten::div;
  // mul.Tensor / mul.Scalar / div.Tensor / div.Scalar: (self, other); div's rounding modes stay
  if ((!isMul && !isDiv) || n->inputs().size() != 2) return false;
  Node* conv = foldableConvProducing(n->input(0));
  if (!conv) return false;
  Tensor w = *constantTensor(convolutionWeight(conv));
  std::vector<int64_t> weightShape(static_cast<size_t>(w.dim()), 1);
  weightShape[0] = w.size(0);
  std::optional<Tensor> k = perChannelOperand(n->input(1), w, weightShape);
  if (!k) return false;
  Tensor weight = isMul ? mul(w, *k) : div(w, *k);
  const char* suffix = isMul ? "_fused_mul" : "_fused_div";
  conv->replaceInput(1, insertConstantTensorBefore(conv, weight, suffixedName(convolutionWeight(conv), suffix)));
  if (std::optional<Tensor> b = constantTensor(convolutionBias(conv))) {
    Tensor k1 = k->reshape({w.size(0)});
    Tensor bias = isMul ? mul(b->to(w.scalar_type()), k1) : div(b->to(w.scalar_type()), k1);
    conv->replaceInput(2, insertConstantTensorBefore(conv, bias, suffixedName(convolutionBias(conv), suffix)));
  }
  dropArithmetic(conv, n);
  return true;
}

}  // namespace

bool foldFrozenConvAddOrSub(const std::shared_ptr<Graph>& graph) { return rewriteEachNode(graph->block(), foldAddOrSub); }

bool foldFrozenConvMulOrDiv(const std::shared_ptr<Graph>& graph) { return rewriteEachNode(graph->block(), foldMulOrDiv); }

}  // namespace ember::jit
