// Saving and unpacking the tensors backward formulas use, with the version check.
#include "runtime/autograd/saved_tensor.h"

#include "runtime/autograd/autograd_meta.h"

#include <sstream>

namespace ember::autograd {

namespace {

// Same data, sizes and (for a nested tensor) sequence lengths; no autograd state.
Tensor aliasWithoutHistory(const Tensor& t) {
  Tensor r(makeIntrusive<TensorImpl>(t.storage(), t.dtype(), t.storage_offset(), t.sizes(), t.strides()));
  if (const NestedSizes* nested = t.impl()->nestedSizes()) {
    auto copy = makeIntrusive<NestedSizes>();
    copy->lengths = nested->lengths;
    r.impl()->setNestedSizes(std::move(copy));
  }
  return r;
}

std::string describe(const Tensor& t) {
  std::ostringstream s;
  s << "[torch." << scalarTypeName(t.dtype()) << "Tensor [";
  for (size_t i = 0; i < t.sizes().size(); ++i) s << (i ? ", " : "") << t.sizes()[i];
  s << "]]";
  return s.str();
}

}  // namespace

SavedTensor::SavedTensor(const Tensor& t, bool isOutput, uint32_t outputNr)
    : data_(isOutput && t.defined() ? aliasWithoutHistory(t) : t),
      version_(t.defined() ? versionOf(t.storage().impl()) : 0),
      outputNr_(outputNr),
      isOutput_(isOutput) {}

void throwGraphFreed() {
  EMBER_ERROR(
      "Trying to backward through the graph a second time (or directly access saved tensors after they have already "
      "been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). "
      "Specify retain_graph=True if you need to backward through the graph a second time or if you need to access "
      "saved tensors after calling backward.");
}

Tensor SavedTensor::unpack(const std::shared_ptr<Node>& owner) const {
  if (released_) throwGraphFreed();
  if (!data_.defined()) return data_;
  const uint32_t now = versionOf(data_.storage().impl());
  if (now != version_) {
    std::ostringstream s;
    s << "one of the variables needed for gradient computation has been modified by an inplace operation: "
      << describe(data_);
    if (isOutput_) s << ", which is output " << outputNr_ << " of " << owner->name() << ",";
    s << " is at version " << now << "; expected version " << version_
      << " instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
         "torch.autograd.set_detect_anomaly(True).";
    EMBER_ERROR(s.str());
  }
  if (!isOutput_) return data_;
  Tensor t = aliasWithoutHistory(data_);
  AutogradMeta& meta = ensureAutogradMeta(t.impl());
  meta.gradFn = owner;
  meta.outputNr = outputNr_;
  t.set_requires_grad(true);
  return t;
}

}  // namespace ember::autograd
