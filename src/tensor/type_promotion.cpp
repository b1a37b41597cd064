#include "type_promotion.h"

#include "ember/tensor/ops/factory.h"

namespace ember {

namespace {
ScalarType promoteSkipUndefined(ScalarType a, ScalarType b) {
  if (a == ScalarType::Undefined) return b;
  if (b == ScalarType::Undefined) return a;
  return promoteTypes(a, b);
}

// Folds a lower-priority class into a higher one: it only matters if it is of a higher category.
ScalarType combineCategories(ScalarType higher, ScalarType lower) {
  if (isComplexType(higher)) return higher;
  if (!isComplexType(lower) && isFloatingType(higher)) return higher;
  if (higher == ScalarType::Bool || isFloatingType(lower) || isComplexType(lower))
    return promoteSkipUndefined(higher, lower);
  if (higher != ScalarType::Undefined) return higher;
  return lower;
}
}  // namespace

ScalarType wrappedScalarType(const Scalar& s) {
  switch (s.kind()) {
    case Scalar::Kind::Int: return ScalarType::Long;
    case Scalar::Kind::Double: return defaultDtype();
    case Scalar::Kind::Bool: return ScalarType::Bool;
    case Scalar::Kind::ComplexDouble: return defaultDtype() == ScalarType::Double ? ScalarType::ComplexDouble : ScalarType::ComplexFloat;
  }
  return ScalarType::Long;
}

void ResultTypeState::update(const Tensor& t) {
  if (!t.defined()) return;
  ScalarType current = t.dtype();
  if (t.impl()->isWrappedNumber()) {
    if (isFloatingType(current)) current = defaultDtype();
    else if (isComplexType(current)) current = wrappedScalarType(Scalar(std::complex<double>()));
    wrappedResult = promoteSkipUndefined(wrappedResult, current);
  } else if (t.dim() == 0) {
    zeroDimResult = promoteSkipUndefined(zeroDimResult, current);
  } else {
    dimResult = promoteSkipUndefined(dimResult, current);
  }
}

void ResultTypeState::update(const Scalar& s) {
  wrappedResult = promoteSkipUndefined(wrappedResult, wrappedScalarType(s));
}

ScalarType ResultTypeState::finish() const {
  return combineCategories(dimResult, combineCategories(zeroDimResult, wrappedResult));
}

ScalarType resultType(const Tensor& a, const Tensor& b) {
  ResultTypeState s;
  s.update(a);
  s.update(b);
  return s.finish();
}
ScalarType resultType(const Tensor& a, const Scalar& b) {
  ResultTypeState s;
  s.update(a);
  s.update(b);
  return s.finish();
}
ScalarType resultType(const Scalar& a, const Tensor& b) { return resultType(b, a); }
ScalarType resultType(const Scalar& a, const Scalar& b) {
  ResultTypeState s;
  s.update(a);
  s.update(b);
  return s.finish();
}

Tensor scalarToTensor(const Scalar& s) {
  Tensor t = empty({}, s.type());
  switch (s.kind()) {
    case Scalar::Kind::Int: *static_cast<int64_t*>(t.data_ptr()) = s.toLong(); break;
    case Scalar::Kind::Double: *static_cast<double*>(t.data_ptr()) = s.toDouble(); break;
    case Scalar::Kind::Bool: *static_cast<bool*>(t.data_ptr()) = s.toBool(); break;
    case Scalar::Kind::ComplexDouble: *static_cast<std::complex<double>*>(t.data_ptr()) = s.toComplexDouble(); break;
  }
  t.impl()->setWrappedNumber(true);
  return t;
}

DimVector inferBroadcastShape(IntArrayRef a, IntArrayRef b) {
  const size_t na = a.size(), nb = b.size(), n = std::max(na, nb);
  DimVector out(n);
  for (size_t i = 0; i < n; ++i) {
    // Align from the right; a missing dim acts as size 1.
    int64_t sa = i < n - na ? 1 : a[i - (n - na)];
    int64_t sb = i < n - nb ? 1 : b[i - (n - nb)];
    EMBER_CHECK(sa == sb || sa == 1 || sb == 1, "The size of tensor a (", sa, ") must match the size of tensor b (",
                sb, ") at non-singleton dimension ", i);
    out[i] = sa == 1 ? sb : sa;
  }
  return out;
}

}  // namespace ember
