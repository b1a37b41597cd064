// CopySlices and the view-of-base node (copy_slices.h).
#include "runtime/autograd/copy_slices.h"

#include <algorithm>
#include <numeric>

#include "ember/runtime/grad_mode.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "runtime/autograd/autograd_meta.h"

namespace ember::autograd {

namespace {

// Where a view sits inside its base's storage. The base is dense and non-overlapping: its
// dims in `order` (empty: the identity) are contiguous, so a gradient of the base permuted to
// that order and made contiguous is laid out as the base's storage, and the region indexes it.
struct Region {
  DimVector sizes, strides;
  int64_t offset = 0;
  DimVector order, inverse;
  Tensor of(const Tensor& contiguousBaseShaped) const {
    return ember::as_strided(contiguousBaseShaped, sizes, strides, offset);
  }
};

// The order of the base's dims from the largest stride to the smallest when permuting by it
// gives a contiguous tensor (empty when the base is contiguous already); nullopt when the base
// is not dense and non-overlapping (an expanded or strided-sliced tensor as root base).
std::optional<DimVector> denseOrder(const Tensor& base) {
  if (base.is_contiguous()) return DimVector();
  DimVector order(static_cast<size_t>(base.dim()));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return base.stride(a) > base.stride(b); });
  if (!ember::permute(base, order).is_contiguous()) return std::nullopt;
  return order;
}

Region regionOf(const Tensor& view, const Tensor& base, DimVector order) {
  Region r{DimVector(view.sizes()), DimVector(view.strides()), view.storage_offset() - base.storage_offset(),
           std::move(order), {}};
  r.inverse.resize(r.order.size());
  for (size_t i = 0; i < r.order.size(); ++i) r.inverse[static_cast<size_t>(r.order[i])] = static_cast<int64_t>(i);
  return r;
}

// Under create_graph the nodes compute through recorded operator calls (as_strided and
// as_strided_scatter have formulas), so their gradients are differentiable again.
bool recordingGradients(const Tensor& g) { return jit::isGradEnabled() && g.requires_grad(); }

Tensor call(const char* op, jit::Stack stack) {
  callOperator(op, stack);
  return stack.back().toTensor();
}

jit::IValue ints(IntArrayRef v) { return jit::makeIntList(v); }

// Gradient of the new base -> (old base: outside the region, the write's node: the region).
class CopySlices : public Node {
 public:
  explicit CopySlices(Region region) : region_(std::move(region)) {}
  std::string name() const override { return "CopySlices"; }
  size_t numInputs() const override { return 1; }
  std::vector<Tensor> apply(std::vector<Tensor>&& grads) override {
    Tensor g = grads.at(0);
    if (!g.defined()) return {};
    const bool permuted = !region_.order.empty();
    if (recordingGradients(g)) {
      if (permuted) g = call("aten::permute", {g, ints(region_.order)});
      Tensor base = call("aten::contiguous", {g, jit::IValue(static_cast<int64_t>(MemoryFormat::Contiguous))});
      Tensor inside = call("aten::as_strided", {base, ints(region_.sizes), ints(region_.strides), region_.offset});
      Tensor zeros = ember::zeros(region_.sizes, TensorOptions(g.dtype()));
      Tensor outside = call("aten::as_strided_scatter",
                            {base, zeros, ints(region_.sizes), ints(region_.strides), region_.offset});
      if (permuted) outside = call("aten::permute", {outside, ints(region_.inverse)});
      return {outside, inside};
    }
    if (permuted) g = ember::permute(g, region_.order);
    Tensor base = ember::clone(g, MemoryFormat::Contiguous);
    Tensor inside = ember::clone(region_.of(base), MemoryFormat::Contiguous);
    Tensor hole = region_.of(base);
    ember::zero_(hole);
    if (permuted) base = ember::permute(base, region_.inverse);
    return {base, inside};
  }

 private:
  Region region_;
};

// Gradient of the view -> gradient of the (new) base: zeros outside the region.
class ViewOfBase : public Node {
 public:
  ViewOfBase(Region region, DimVector baseSizes, ScalarType dtype)
      : region_(std::move(region)), baseSizes_(std::move(baseSizes)), dtype_(dtype) {}
  std::string name() const override { return "AsStridedBackward0"; }
  size_t numInputs() const override { return 1; }
  std::vector<Tensor> apply(std::vector<Tensor>&& grads) override {
    const Tensor& g = grads.at(0);
    if (!g.defined()) return {};
    // The base's sizes in storage order (its own for a contiguous base).
    DimVector stored = baseSizes_;
    for (size_t i = 0; i < region_.order.size(); ++i) stored[i] = baseSizes_[static_cast<size_t>(region_.order[i])];
    const bool permuted = !region_.order.empty();
    if (recordingGradients(g)) {
      Tensor base = call("aten::as_strided_scatter", {ember::zeros(stored, TensorOptions(dtype_)), g,
                                                      ints(region_.sizes), ints(region_.strides), region_.offset});
      if (permuted) base = call("aten::permute", {base, ints(region_.inverse)});
      return {base};
    }
    Tensor base = ember::zeros(stored, TensorOptions(dtype_));
    Tensor inside = region_.of(base);
    ember::copy_(inside, g);
    if (permuted) base = ember::permute(base, region_.inverse);
    return {base};
  }

 private:
  Region region_;
  DimVector baseSizes_;
  ScalarType dtype_;
};

}  // namespace

Tensor rebaseableBase(const Tensor& view) {
  const AutogradMeta* meta = autogradMeta(view.impl());
  if (!meta || !meta->isView || !meta->viewBase.defined()) return Tensor();
  Tensor base = meta->viewBase;
  for (int guard = 0; guard < 1000; ++guard) {
    const AutogradMeta* bm = autogradMeta(base.impl());
    if (!bm || !bm->isView || !bm->viewBase.defined()) break;
    base = bm->viewBase;
  }
  if (base.impl() == view.impl() || !base.defined()) return Tensor();
  if (base.storage().impl() != view.storage().impl() || !denseOrder(base)) return Tensor();
  return base;
}

void rebaseViewWrite(const Tensor& view, const Tensor& base) {
  Region region = regionOf(view, base, *denseOrder(base));
  Edge oldBase = gradientEdge(base);
  AutogradMeta& vm = ensureAutogradMeta(view.impl());
  Edge write{vm.gradFn, vm.outputNr};
  auto copySlices = std::make_shared<CopySlices>(region);
  copySlices->mutableNextEdges() = {oldBase, write};
  AutogradMeta& bm = ensureAutogradMeta(base.impl());
  bm.gradFn = copySlices;
  bm.outputNr = 0;
  Tensor(base).set_requires_grad(true);
  auto viewNode = std::make_shared<ViewOfBase>(region, DimVector(base.sizes()), base.dtype());
  viewNode->mutableNextEdges() = {Edge{copySlices, 0}};
  AutogradMeta& vm2 = ensureAutogradMeta(view.impl());
  vm2.gradFn = viewNode;
  vm2.outputNr = 0;
  vm2.isView = true;
  vm2.viewBase = base;
  vm2.viewVersion = versionOf(view.storage().impl());
  Tensor(view).set_requires_grad(true);
}

void refreshStaleView(const Tensor& view) {
  AutogradMeta* meta = autogradMeta(view.impl());
  if (!meta || !meta->isView || !meta->viewBase.defined()) return;
  const uint32_t now = versionOf(view.storage().impl());
  if (now == meta->viewVersion) return;
  meta->viewVersion = now;
  Tensor base = rebaseableBase(view);
  if (!base.defined() || !hasHistory(base)) return;
  Region region = regionOf(view, base, *denseOrder(base));
  auto node = std::make_shared<ViewOfBase>(region, DimVector(base.sizes()), base.dtype());
  node->mutableNextEdges() = {gradientEdge(base)};
  AutogradMeta& m = ensureAutogradMeta(view.impl());
  m.gradFn = node;
  m.outputNr = 0;
  Tensor(view).set_requires_grad(true);
}

void trackView(const Tensor& view, const Tensor& input) {
  if (view.impl() == input.impl() || view.storage().impl() != input.storage().impl()) return;
  Tensor base = input;
  if (const AutogradMeta* im = autogradMeta(input.impl()); im && im->isView && im->viewBase.defined())
    base = im->viewBase;
  AutogradMeta& m = ensureAutogradMeta(view.impl());
  if (m.gradFn) return;
  m.isView = true;
  m.viewBase = base;
  m.viewVersion = versionOf(view.storage().impl());
}

}  // namespace ember::autograd
