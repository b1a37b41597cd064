#include "passes/fold_frozen_batch_norm.h"

#include <optional>
#include <vector>

#include "ember/core/symbols.h"
#include "ember/ir/ir.h"
#include "ember/tensor.h"
#include "passes/frozen_graph_utils.h"

namespace ember::jit {

namespace {

// The constant inputs of an eval-mode aten::batch_norm, with absent affine parameters as None.
struct BatchNormParams {
  std::optional<Tensor> weight, bias;  // nullopt: None
  Tensor runningMean, runningVar;
  double eps = 0;
};

std::optional<BatchNormParams> evalBatchNormParams(const Node* bn) {
  // batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn)
  if (bn->kind() != aten::batch_norm || bn->inputs().size() != 9) return std::nullopt;
  std::optional<bool> training = constantBool(bn->input(5));
  std::optional<double> eps = constantDouble(bn->input(7));
  std::optional<Tensor> mean = constantTensor(bn->input(3)), var = constantTensor(bn->input(4));
  if (!training || *training || !eps || !mean || !var) return std::nullopt;
  BatchNormParams p{std::nullopt, std::nullopt, *mean, *var, *eps};
  for (int i : {1, 2}) {
    if (isConstantNone(bn->input(i))) continue;
    std::optional<Tensor> t = constantTensor(bn->input(i));
    if (!t) return std::nullopt;
    (i == 1 ? p.weight : p.bias) = *t;
  }
  return p;
}

// The per-output-channel scale and the folded bias for a layer with weight `w` (output channels
// first) and bias `b` (nullopt: none).
struct Folded {
  Tensor weight, bias;
};

std::optional<Folded> foldInto(const Tensor& w, const std::optional<Tensor>& b, const BatchNormParams& bn) {
  int64_t channels = w.size(0);
  if (bn.runningMean.numel() != channels || bn.runningVar.numel() != channels) return std::nullopt;
  if ((bn.weight && bn.weight->numel() != channels) || (bn.bias && bn.bias->numel() != channels) ||
      (b && b->numel() != channels))
    return std::nullopt;
  TensorOptions opts = TensorOptions().dtype(w.scalar_type());
  Tensor gamma = bn.weight ? bn.weight->to(w.scalar_type()) : ones({channels}, opts);
  Tensor beta = bn.bias ? bn.bias->to(w.scalar_type()) : zeros({channels}, opts);
  Tensor bias = b ? b->to(w.scalar_type()) : zeros({channels}, opts);
  Tensor scale = mul(gamma, rsqrt(add(bn.runningVar.to(w.scalar_type()), Scalar(bn.eps))));
  std::vector<int64_t> shape(static_cast<size_t>(w.dim()), 1);
  shape[0] = channels;
  Tensor weight = mul(w, scale.reshape(shape));
  Tensor newBias = add(mul(sub(bias, bn.runningMean.to(w.scalar_type())), scale), beta);
  return Folded{weight, newBias};
}

// The layer whose output is the eval-mode batch norm `bn`'s input and has no other use.
Node* soleProducer(Node* bn) {
  if (bn->kind() != aten::batch_norm || bn->inputs().empty()) return nullptr;
  Value* in = bn->input(0);
  if (in->uses().size() != 1 || in->node()->outputs().size() != 1) return nullptr;
  return in->node();
}

// Replaces the batch norm's result with the layer's and removes the norm.
void dropBatchNorm(Node* layer, Node* bn) {
  bn->output()->replaceAllUsesWith(layer->output());
  bn->destroy();
}

bool foldConv(Node* bn) {
  Node* conv = soleProducer(bn);
  if (!conv || !isFoldableConvolution(conv)) return false;
  std::optional<BatchNormParams> params = evalBatchNormParams(bn);
  if (!params) return false;
  Tensor w = *constantTensor(convolutionWeight(conv));
  std::optional<Tensor> b = constantTensor(convolutionBias(conv));
  std::optional<Folded> f = foldInto(w, b, *params);
  if (!f) return false;
  setConvolutionWeightAndBias(conv, f->weight, suffixedName(convolutionWeight(conv), "_fused_bn"), f->bias,
                              suffixedName(convolutionBias(conv), "_fused_bn"));
  dropBatchNorm(conv, bn);
  return true;
}

bool foldLinear(Node* bn) {
  Node* linear = soleProducer(bn);
  // linear(input, weight, bias?)
  if (!linear || linear->kind() != aten::linear || linear->inputs().size() != 3) return false;
  std::optional<Tensor> w = constantTensor(linear->input(1));
  std::optional<Tensor> b = constantTensor(linear->input(2));
  if (!w || w->dim() != 2 || !isFloatingType(w->scalar_type()) || (!b && !isConstantNone(linear->input(2))))
    return false;
  std::optional<BatchNormParams> params = evalBatchNormParams(bn);
  if (!params) return false;
  std::optional<Folded> f = foldInto(*w, b, *params);
  if (!f) return false;
  linear->replaceInput(1, insertConstantTensorBefore(linear, f->weight, suffixedName(linear->input(1), "_fused_bn")));
  linear->replaceInput(2, insertConstantTensorBefore(linear, f->bias, suffixedName(linear->input(2), "_fused_bn")));
  dropBatchNorm(linear, bn);
  return true;
}

}  // namespace

bool foldFrozenConvBatchNorm(const std::shared_ptr<Graph>& graph) { return rewriteEachNode(graph->block(), foldConv); }

bool foldFrozenLinearBatchNorm(const std::shared_ptr<Graph>& graph) {
  return rewriteEachNode(graph->block(), foldLinear);
}

}  // namespace ember::jit
