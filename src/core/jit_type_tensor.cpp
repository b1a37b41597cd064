// TensorType: a Tensor with optional refinements (dtype, device, sizes, strides, requires_grad).
#include <sstream>

#include "ember/core/type.h"
#include "ember/tensor/tensor.h"

namespace ember::jit {
namespace {

template <typename T>
std::optional<T> mergePrimitive(const std::optional<T>& a, const std::optional<T>& b) {
  return a == b ? a : std::nullopt;
}

// Ranks that differ give an unknown rank; within a rank, dims that differ become unknown.
OptionalDims mergeDims(const OptionalDims& a, const OptionalDims& b) {
  if (!a || !b || a->size() != b->size()) return std::nullopt;
  std::vector<std::optional<int64_t>> out(a->size());
  for (size_t i = 0; i < a->size(); ++i) out[i] = mergePrimitive((*a)[i], (*b)[i]);
  return out;
}

OptionalDims toDims(IntArrayRef v) { return std::vector<std::optional<int64_t>>(v.begin(), v.end()); }

bool dimsComplete(const OptionalDims& d) {
  if (!d) return false;
  for (const auto& x : *d)
    if (!x) return false;
  return true;
}

}  // namespace

TensorType::TensorType(std::optional<ScalarType> dtype, std::optional<Device> device, OptionalDims sizes,
                       OptionalDims strides, std::optional<bool> requiresGrad, std::optional<bool> undefined)
    : Type(kKind),
      dtype_(dtype),
      device_(device),
      sizes_(std::move(sizes)),
      strides_(std::move(strides)),
      requiresGrad_(requiresGrad),
      undefined_(undefined) {}

const TensorTypePtr& TensorType::get() {
  static const TensorTypePtr instance = std::make_shared<TensorType>(std::nullopt, std::nullopt, std::nullopt,
                                                                     std::nullopt, std::nullopt, std::nullopt);
  return instance;
}

TensorTypePtr TensorType::create(std::optional<ScalarType> dtype, std::optional<Device> device, OptionalDims sizes,
                                 OptionalDims strides, std::optional<bool> requiresGrad,
                                 std::optional<bool> undefined) {
  EMBER_CHECK(!sizes || !strides || sizes->size() == strides->size(), "TensorType: ", sizes->size(),
              " sizes but ", strides->size(), " strides");
  return std::make_shared<TensorType>(dtype, device, std::move(sizes), std::move(strides), requiresGrad, undefined);
}

TensorTypePtr TensorType::createContiguous(ScalarType dtype, Device device, IntArrayRef sizes) {
  return create(dtype, device, toDims(sizes), toDims(contiguousStrides(sizes)), std::nullopt);
}

TensorTypePtr TensorType::fromTensor(const Tensor& t) {
  if (!t.defined()) return get()->withUndefined();
  return create(t.dtype(), t.device(), toDims(t.sizes()), toDims(t.strides()), t.requires_grad(), false);
}

TensorTypePtr TensorType::fromDtypeAndRank(std::optional<ScalarType> dtype, size_t rank) {
  return create(dtype, std::nullopt, std::vector<std::optional<int64_t>>(rank),
                std::vector<std::optional<int64_t>>(rank), std::nullopt);
}

std::optional<std::vector<int64_t>> TensorType::concreteSizes() const {
  if (!dimsComplete(sizes_)) return std::nullopt;
  std::vector<int64_t> out;
  for (const auto& s : *sizes_) out.push_back(*s);
  return out;
}

bool TensorType::isComplete() const {
  return dtype_ && device_ && dimsComplete(sizes_) && dimsComplete(strides_);
}

bool TensorType::isUnrefined() const {
  return !dtype_ && !device_ && !sizes_ && !strides_ && !requiresGrad_ && !undefined_;
}

TensorTypePtr TensorType::withScalarType(std::optional<ScalarType> t) const {
  return create(t, device_, sizes_, strides_, requiresGrad_, undefined_);
}
TensorTypePtr TensorType::withDevice(std::optional<Device> d) const {
  return create(dtype_, d, sizes_, strides_, requiresGrad_, undefined_);
}
TensorTypePtr TensorType::withRequiresGrad(std::optional<bool> r) const {
  return create(dtype_, device_, sizes_, strides_, r, undefined_);
}
TensorTypePtr TensorType::withSizes(IntArrayRef sizes) const {
  return create(dtype_, device_, toDims(sizes), toDims(contiguousStrides(sizes)), requiresGrad_, undefined_);
}
TensorTypePtr TensorType::withSizesStrides(OptionalDims sizes, OptionalDims strides) const {
  return create(dtype_, device_, std::move(sizes), std::move(strides), requiresGrad_, undefined_);
}
TensorTypePtr TensorType::withDim(std::optional<size_t> rank) const {
  if (!rank) return create(dtype_, device_, std::nullopt, std::nullopt, requiresGrad_, undefined_);
  return create(dtype_, device_, std::vector<std::optional<int64_t>>(*rank),
                std::vector<std::optional<int64_t>>(*rank), requiresGrad_, undefined_);
}
TensorTypePtr TensorType::withUndefined() const {
  return create(dtype_, device_, sizes_, strides_, requiresGrad_, true);
}
TensorTypePtr TensorType::dimensionedOnly() const {
  auto r = withDim(dim());
  return create(r->dtype_, r->device_, r->sizes_, r->strides_, requiresGrad_, undefined_);
}

TensorTypePtr TensorType::merge(const TensorType& other, bool mergeSizes) const {
  return create(mergePrimitive(dtype_, other.dtype_), mergePrimitive(device_, other.device_),
                mergeSizes ? mergeDims(sizes_, other.sizes_) : sizes_,
                mergeSizes ? mergeDims(strides_, other.strides_) : strides_,
                mergePrimitive(requiresGrad_, other.requiresGrad_), mergePrimitive(undefined_, other.undefined_));
}

bool TensorType::equals(const Type& rhs) const {
  auto o = rhs.castRaw<TensorType>();
  return o && dtype_ == o->dtype_ && device_ == o->device_ && sizes_ == o->sizes_ && strides_ == o->strides_ &&
         requiresGrad_ == o->requiresGrad_ && undefined_ == o->undefined_;
}

// A refinement is a subtype of every less refined tensor type: merging with it changes nothing.
bool TensorType::isSubtypeOfExt(const Type& rhs, std::ostream* whyNot) const {
  if (auto o = rhs.castRaw<TensorType>()) return this == o || merge(*o)->equals(*o);
  return Type::isSubtypeOfExt(rhs, whyNot);
}

std::string TensorType::refinedStr() const {
  std::ostringstream out;
  if (dtype_) {
    out << scalarTypeName(*dtype_);
    if (!sizes_) out << "Tensor";
  } else {
    out << "Tensor";
  }
  size_t printed = 0;
  auto sep = [&]() -> std::ostream& { return printed++ ? out << ", " : out; };
  if (sizes_) {
    out << "(";
    for (const auto& s : *sizes_) {
      sep();
      if (s) out << *s;
      else out << "*";
    }
    if (typeVerbosity() >= 2 && !sizes_->empty() && dimsComplete(strides_) && strides_->size() == sizes_->size()) {
      out << ", strides=[";
      for (size_t i = 0; i < strides_->size(); ++i) out << (i ? ", " : "") << *(*strides_)[i];
      out << "]";
    }
    if (typeVerbosity() >= 3 && requiresGrad_) sep() << "requires_grad=" << int(*requiresGrad_);
    if (typeVerbosity() >= 3 && device_) sep() << "device=" << device_->str();
    out << ")";
  } else if (typeVerbosity() >= 3) {
    if (requiresGrad_) out << (printed++ ? ", " : "(") << "requires_grad=" << int(*requiresGrad_);
    if (device_) out << (printed++ ? ", " : "(") << "device=" << device_->str();
    if (printed) out << ")";
  }
  if (undefined_ && *undefined_) out << "[Undefined]";
  return out.str();
}

}  // namespace ember::jit
