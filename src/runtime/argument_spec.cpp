#include "runtime/argument_spec.h"

#include <algorithm>

namespace ember::jit {
namespace {

size_t mix(size_t h, uint32_t v) { return h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2)); }

// Visits the spec entries of one input in order; stops early when `f` returns false.
template <typename F>
bool forEachEntry(const IValue& v, F& f) {
  if (v.isTuple()) {
    const TupleImpl& t = v.toTupleRef();
    if (!f(ArgumentSpec::kTupleMarker)) return false;
    for (const IValue& e : t.elements)
      if (!forEachEntry(e, f)) return false;
    return true;
  }
  uint32_t e = ArgumentSpec::encode(v);
  return e == ArgumentSpec::kNotTensor || f(e);
}

}  // namespace

uint32_t ArgumentSpec::encode(const IValue& v) {
  if (v.isNone()) return 0;  // an absent optional tensor counts as undefined
  if (!v.isTensor()) return kNotTensor;
  const TensorImpl* impl = v.unsafeToTensorImpl();
  if (!impl) return 0;
  uint32_t rank = static_cast<uint32_t>(std::min<size_t>(impl->sizes().size(), 0xffff));
  return 1u | (uint32_t(impl->requiresGrad()) << 1) | (uint32_t(static_cast<uint8_t>(impl->dtype())) << 2) |
         (uint32_t(static_cast<uint8_t>(impl->storage().device().type) & 0x3f) << 10) | (rank << 16);
}

ArgumentSpec::ArgumentSpec(const IValue* inputs, size_t n) {
  hash_ = n;
  auto add = [&](uint32_t e) {
    entries_.push_back(e);
    hash_ = mix(hash_, e);
    return true;
  };
  for (size_t i = 0; i < n; ++i) forEachEntry(inputs[i], add);
}

bool ArgumentSpec::matches(const IValue* inputs, size_t n) const {
  size_t k = 0;
  auto check = [&](uint32_t e) { return k < entries_.size() && entries_[k++] == e; };
  for (size_t i = 0; i < n; ++i)
    if (!forEachEntry(inputs[i], check)) return false;
  return k == entries_.size();
}

}  // namespace ember::jit
