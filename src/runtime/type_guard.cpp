#include "runtime/type_guard.h"

#include <sstream>

#include "ember/tensor.h"

namespace ember::jit {
namespace {

bool matchesDims(const OptionalDims& dims, IntArrayRef actual) {
  if (!dims) return true;
  if (dims->size() != actual.size()) return false;
  for (size_t i = 0; i < actual.size(); ++i)
    if ((*dims)[i] && *(*dims)[i] != actual[i]) return false;
  return true;
}

std::string dimsText(IntArrayRef dims) {
  std::ostringstream out;
  out << "[";
  for (size_t i = 0; i < dims.size(); ++i) out << (i ? ", " : "") << dims[i];
  out << "]";
  return out.str();
}

}  // namespace

bool guardAccepts(const TensorType& t, bool contiguous, const IValue& v) {
  if (!v.isTensor()) return false;
  const Tensor& x = v.toTensor();
  if (!x.defined()) return false;
  if (t.scalarType() && *t.scalarType() != x.scalar_type()) return false;
  if (t.device() && *t.device() != x.device()) return false;
  if (t.requiresGrad() && *t.requiresGrad() != x.requires_grad()) return false;
  if (t.dim() && *t.dim() != static_cast<size_t>(x.dim())) return false;
  if (contiguous && !x.is_contiguous()) return false;
  return matchesDims(t.sizes(), x.sizes()) && matchesDims(t.strides(), x.strides());
}

std::string guardMismatch(const TensorType& t, bool contiguous, const IValue& v) {
  if (guardAccepts(t, contiguous, v)) return "";
  if (!v.isTensor() || !v.toTensor().defined()) return "not a defined tensor";
  const Tensor& x = v.toTensor();
  std::ostringstream out;
  if (t.scalarType() && *t.scalarType() != x.scalar_type()) {
    out << "dtype " << scalarTypeName(x.scalar_type()) << ", expected " << scalarTypeName(*t.scalarType());
  } else if (t.device() && *t.device() != x.device()) {
    out << "device " << x.device().str() << ", expected " << t.device()->str();
  } else if (t.requiresGrad() && *t.requiresGrad() != x.requires_grad()) {
    out << "requires_grad " << x.requires_grad() << ", expected " << *t.requiresGrad();
  } else if (t.dim() && *t.dim() != static_cast<size_t>(x.dim())) {
    out << "rank " << x.dim() << ", expected " << *t.dim();
  } else if (contiguous && !x.is_contiguous()) {
    out << "not contiguous (strides " << dimsText(x.strides()) << ")";
  } else if (!matchesDims(t.sizes(), x.sizes())) {
    out << "sizes " << dimsText(x.sizes()) << ", expected " << t.refinedStr();
  } else {
    out << "strides " << dimsText(x.strides()) << ", expected " << t.refinedStr();
  }
  return out.str();
}

}  // namespace ember::jit
