// Backward nodes, gradient edges, AccumulateGrad and the .grad accessors.
#include <atomic>

#include "ember/runtime/grad_mode.h"
#include "ember/tensor/ops/shape_extra.h"
#include "runtime/autograd/accumulate_grad.h"

namespace ember::autograd {

namespace {
std::atomic<uint64_t> gNextSequenceNr{0};
}  // namespace

Node::Node() : sequenceNr_(gNextSequenceNr.fetch_add(1, std::memory_order_relaxed)) {}

Edge gradientEdge(const Tensor& t) {
  TensorImpl* impl = t.impl();
  AutogradMeta* meta = impl->autogradMeta();
  if (meta && meta->gradFn) return Edge{meta->gradFn, meta->outputNr};
  if (!impl->leafRequiresGrad()) return Edge{};
  AutogradMeta& m = impl->ensureAutogradMeta();
  std::shared_ptr<Node> acc = m.gradAccumulator.lock();
  if (!acc) {
    acc = std::make_shared<AccumulateGrad>(t);
    m.gradAccumulator = acc;
  }
  return Edge{std::move(acc), 0};
}

Tensor addGradients(const Tensor& a, const Tensor& b) {
  if (!jit::isGradEnabled() || (!a.requires_grad() && !b.requires_grad())) return ember::add(a, b);
  jit::Stack s{jit::IValue(a), jit::IValue(b), jit::IValue(int64_t(1))};
  callOperator("aten::add.Tensor", s);
  return s.back().toTensor();
}

std::vector<Tensor> AccumulateGrad::apply(std::vector<Tensor>&& gradOutputs) {
  Tensor g = std::move(gradOutputs.at(0));
  if (!g.defined()) return {};
  AutogradMeta& meta = leaf_.impl()->ensureAutogradMeta();
  const bool createGraph = jit::isGradEnabled();
  if (!meta.grad) {
    // The leaf keeps its own copy: the incoming gradient may be a caller's tensor or a view.
    Tensor stored = createGraph ? g : ember::clone(g, MemoryFormat::Contiguous);
    if (stored.sizes() != leaf_.sizes()) stored = ember::sum_to_size(stored, leaf_.sizes());
    meta.grad = stored.implPtr();
    return {};
  }
  Tensor old(meta.grad);
  if (createGraph || old.requires_grad()) meta.grad = addGradients(old, g).implPtr();
  else old.add_(g);
  return {};
}

Tensor gradOf(const Tensor& t) {
  AutogradMeta* meta = t.impl()->autogradMeta();
  return meta && meta->grad ? Tensor(meta->grad) : Tensor();
}

void setGrad(const Tensor& t, const Tensor& grad) {
  if (!grad.defined()) {
    if (AutogradMeta* meta = t.impl()->autogradMeta()) meta->grad.reset();
    return;
  }
  EMBER_CHECK(grad.sizes() == t.sizes(), "assigned grad has data of a different size");
  EMBER_CHECK(grad.dtype() == t.dtype(), "assigned grad has data of a different type");
  t.impl()->ensureAutogradMeta().grad = grad.implPtr();
}

std::string gradFnName(const Tensor& t) {
  AutogradMeta* meta = t.impl()->autogradMeta();
  return meta && meta->gradFn ? meta->gradFn->name() : std::string();
}

}  // namespace ember::autograd
