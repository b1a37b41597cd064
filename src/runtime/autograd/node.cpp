// Backward nodes, gradient edges, AccumulateGrad and the .grad accessors.
#include <atomic>
#include <mutex>

#include "ember/runtime/grad_mode.h"
#include "ember/tensor/autograd_hooks.h"
#include "ember/tensor/ops/shape_extra.h"
#include "runtime/autograd/accumulate_grad.h"
#include "runtime/autograd/autograd_meta.h"
#include "runtime/autograd/copy_slices.h"

namespace ember::autograd {

namespace {
std::atomic<uint64_t> gNextSequenceNr{0};

// A leaf used by several threads at once (a module's parameter in concurrent forwards) must get
// one AccumulateGrad: two would leave each thread's graph ending in a node that is not the one
// torch.autograd.grad looks up for the leaf, and the weak_ptr itself is not safe to share.
std::mutex gAccumulatorMutex;
}  // namespace

Node::Node() : sequenceNr_(gNextSequenceNr.fetch_add(1, std::memory_order_relaxed)) {}

// Destroying a node releases its next nodes, which would destroy theirs recursively. Instead,
// a next node this one holds the last reference to gives up its own edges to a work list first,
// so each destructor frees one node.
Node::~Node() {
  std::vector<std::shared_ptr<Node>> pending;
  for (Edge& e : nextEdges_)
    if (e.fn) pending.push_back(std::move(e.fn));
  nextEdges_.clear();
  while (!pending.empty()) {
    std::shared_ptr<Node> n = std::move(pending.back());
    pending.pop_back();
    if (n.use_count() == 1) {
      for (Edge& e : n->nextEdges_)
        if (e.fn) pending.push_back(std::move(e.fn));
      n->nextEdges_.clear();
    }
  }
}

Edge gradientEdge(const Tensor& t) {
  refreshStaleView(t);
  AutogradMeta* meta = autogradMeta(t.impl());
  if (meta && meta->gradFn) return Edge{meta->gradFn, meta->outputNr};
  if (!t.requires_grad()) return Edge{};
  AutogradMeta& m = ensureAutogradMeta(t.impl());
  std::lock_guard<std::mutex> lock(gAccumulatorMutex);
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
  std::lock_guard<std::mutex> lock(mutex_);
  AutogradMeta& meta = ensureAutogradMeta(leaf_.impl());
  const bool createGraph = jit::isGradEnabled();
  if (!meta.grad.defined()) {
    // The leaf keeps its own copy: the incoming gradient may be a caller's tensor or a view.
    Tensor stored = createGraph ? g : ember::clone(g, MemoryFormat::Contiguous);
    if (stored.sizes() != leaf_.sizes()) stored = ember::sum_to_size(stored, leaf_.sizes());
    meta.grad = stored;
    return {};
  }
  Tensor old = meta.grad;
  if (createGraph || old.requires_grad()) meta.grad = addGradients(old, g);
  else old.add_(g);
  return {};
}

Tensor gradOf(const Tensor& t) {
  AutogradMeta* meta = autogradMeta(t.impl());
  return meta ? meta->grad : Tensor();
}

void setGrad(const Tensor& t, const Tensor& grad) {
  if (!grad.defined()) {
    if (AutogradMeta* meta = autogradMeta(t.impl())) meta->grad = Tensor();
    return;
  }
  EMBER_CHECK(grad.sizes() == t.sizes(), "assigned grad has data of a different size");
  EMBER_CHECK(grad.dtype() == t.dtype(), "assigned grad has data of a different type");
  ensureAutogradMeta(t.impl()).grad = grad;
}

std::string gradFnName(const Tensor& t) {
  AutogradMeta* meta = autogradMeta(t.impl());
  return meta && meta->gradFn ? meta->gradFn->name() : std::string();
}

namespace {
// For the tensor library's printing (ember/tensor/autograd_hooks.h).
const bool kGradFnNameInstalled = [] {
  ember::detail::gGradFnName.store([](const void* impl) {
    AutogradMeta* meta = autogradMeta(static_cast<const TensorImpl*>(impl));
    return meta && meta->gradFn ? meta->gradFn->name() : std::string();
  });
  return true;
}();
}  // namespace

bool isLeaf(const Tensor& t) { return !hasHistory(t); }

void setRequiresGrad(const Tensor& t, bool requiresGrad) {
  if (hasHistory(t)) {
    EMBER_CHECK(requiresGrad,
                "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in "
                "a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
    return;
  }
  EMBER_CHECK(!requiresGrad || t.is_floating_point() || t.is_complex(),
              "only Tensors of floating point and complex dtype can require gradients");
  if (requiresGrad) markActive();
  Tensor(t).set_requires_grad(requiresGrad);
}

void registerHook(const Tensor& t, TensorHook hook) {
  EMBER_CHECK(t.defined() && t.requires_grad(), "cannot register a hook on a tensor that doesn't require gradient");
  AutogradMeta& meta = ensureAutogradMeta(t.impl());
  if (meta.gradFn) meta.gradFn->addTensorPreHook(meta.outputNr, std::move(hook));
  else meta.hooks.push_back(std::move(hook));
}

void retainGrad(const Tensor& t) {
  EMBER_CHECK(t.defined() && t.requires_grad(), "can't retain_grad on Tensor that has requires_grad=False");
  AutogradMeta& meta = ensureAutogradMeta(t.impl());
  if (!meta.gradFn || meta.retainsGrad) return;
  meta.retainsGrad = true;
  // Holds the tensor by its address, not a reference (a reference would keep it alive through
  // its own grad_fn); the hook checks the tensor still exists with the same grad_fn.
  const TensorImpl* key = t.impl();
  const Node* node = meta.gradFn.get();
  meta.gradFn->addTensorPreHook(meta.outputNr, [key, node](const Tensor& g) -> Tensor {
    AutogradMeta* m = autogradMeta(key);
    if (!m || !m->retainsGrad || m->gradFn.get() != node || !g.defined()) return Tensor();
    if (!m->grad.defined()) m->grad = jit::isGradEnabled() ? g : ember::clone(g, MemoryFormat::Contiguous);
    else m->grad = addGradients(m->grad, g);
    return Tensor();
  });
}

bool retainsGrad(const Tensor& t) {
  const AutogradMeta* meta = autogradMeta(t.impl());
  return meta && meta->retainsGrad && meta->gradFn;
}

}  // namespace ember::autograd
