// aten:: operators of the pointwise family (binary arithmetic, comparisons, logical and bitwise
// ops, where, clamp, addcmul/addcdiv, lerp), bound to the tensor library with PyTorch 1.13's
// schemas. Scalar operands are Python numbers: they promote as wrapped numbers.
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// ---- div with rounding modes ----
void divMode(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = div(tensorArg(a[0]), tensorArg(a[1]), optStringArg(a[2]));
  ret(s, 3, std::move(r));
}
void divScalarMode(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = div(tensorArg(a[0]), scalarArg(a[1]), optStringArg(a[2]));
  ret(s, 3, std::move(r));
}
void divInplaceMode(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  div_(self, tensorArg(a[1]), optStringArg(a[2]));
  ret(s, 3, std::move(self));
}
void divScalarInplaceMode(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  div_(self, scalarArg(a[1]), optStringArg(a[2]));
  ret(s, 3, std::move(self));
}
void divOutMode(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  div_out(out, tensorArg(a[0]), tensorArg(a[1]), optStringArg(a[2]));
  ret(s, 4, std::move(out));
}
// The plain forms are the mode forms without a mode (functions with default arguments cannot
// be bound as two-argument function pointers).
Tensor divPlain(const Tensor& a, const Tensor& b) { return div(a, b); }
Tensor divPlainScalar(const Tensor& a, const Scalar& b) { return div(a, b); }
Tensor& divPlain_(Tensor& a, const Tensor& b) { return div_(a, b); }
Tensor& divPlainScalar_(Tensor& a, const Scalar& b) { return div_(a, b); }
Tensor& divPlainOut(Tensor& out, const Tensor& a, const Tensor& b) { return div_out(out, a, b); }

// rsub has no in-place or out form in the tensor library: compute, then copy into out.
Tensor& rsubOut(Tensor& out, const Tensor& self, const Tensor& other, const Scalar& alpha) {
  return sub_out(out, other, self, alpha);
}
Tensor& subtractOut(Tensor& out, const Tensor& self, const Tensor& other, const Scalar& alpha) {
  return sub_out(out, self, other, alpha);
}
Tensor& subtract_(Tensor& self, const Tensor& other, const Scalar& alpha) { return sub_(self, other, alpha); }
Tensor& subtractScalar_(Tensor& self, const Scalar& other, const Scalar& alpha) { return sub_(self, other, alpha); }
Tensor subtractScalar(const Tensor& self, const Scalar& other, const Scalar& alpha) { return sub(self, other, alpha); }
Tensor multiplyScalar(const Tensor& self, const Scalar& other) { return mul(self, other); }
Tensor& multiply_(Tensor& self, const Tensor& other) { return mul_(self, other); }
Tensor& multiplyScalar_(Tensor& self, const Scalar& other) { return mul_(self, other); }
Tensor& arctan2_(Tensor& self, const Tensor& other) { return atan2_(self, other); }

// ---- where ----
void whereSelf(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = where(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]));
  ret(s, 3, std::move(r));
}
void whereScalarOther(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = where(tensorArg(a[0]), tensorArg(a[1]), scalarArg(a[2]));
  ret(s, 3, std::move(r));
}
void whereScalarSelf(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = where(tensorArg(a[0]), scalarArg(a[1]), tensorArg(a[2]));
  ret(s, 3, std::move(r));
}
void whereScalar(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = where(tensorArg(a[0]), scalarArg(a[1]), scalarArg(a[2]));
  ret(s, 3, std::move(r));
}
void whereSelfOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  where_out(out, tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]));
  ret(s, 4, std::move(out));
}
// where(condition) is nonzero(condition, as_tuple=True).
void whereCondition(Stack& s) {
  IValue* a = args(s, 1);
  std::vector<Tensor> r = nonzero_numpy(tensorArg(a[0]));
  retTensorList(s, 1, r);
}

// ---- clamp / clip ----
template <bool kInplace>
void clampScalar(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  std::optional<Scalar> lo = optScalarArg(a[1]), hi = optScalarArg(a[2]);
  if constexpr (kInplace) {
    clamp_(self, lo, hi);
    ret(s, 3, std::move(self));
  } else {
    ret(s, 3, clamp(self, lo, hi));
  }
}
template <bool kInplace>
void clampTensor(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  std::optional<Tensor> lo = optTensorArg(a[1]), hi = optTensorArg(a[2]);
  if constexpr (kInplace) {
    clamp_(self, lo, hi);
    ret(s, 3, std::move(self));
  } else {
    ret(s, 3, clamp(self, lo, hi));
  }
}
void clampScalarOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  clamp_out(out, tensorArg(a[0]), optScalarArg(a[1]), optScalarArg(a[2]));
  ret(s, 4, std::move(out));
}
void clampTensorOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  clamp_out(out, tensorArg(a[0]), optTensorArg(a[1]), optTensorArg(a[2]));
  ret(s, 4, std::move(out));
}
Tensor& clampMinOut(Tensor& out, const Tensor& self, const Tensor& min) {
  return clamp_out(out, self, std::optional<Tensor>(min), std::nullopt);
}
Tensor& clampMaxOut(Tensor& out, const Tensor& self, const Tensor& max) {
  return clamp_out(out, self, std::nullopt, std::optional<Tensor>(max));
}
Tensor& clampMinTensor_(Tensor& self, const Tensor& min) { return clamp_min_(self, min); }
Tensor& clampMaxTensor_(Tensor& self, const Tensor& max) { return clamp_max_(self, max); }

// ---- addcmul / addcdiv: (self, tensor1, tensor2, *, value) ----
using TernaryFn = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, const Scalar&);
using TernaryInplaceFn = Tensor& (*)(Tensor&, const Tensor&, const Tensor&, const Scalar&);
using TernaryOutFn = Tensor& (*)(Tensor&, const Tensor&, const Tensor&, const Tensor&, const Scalar&);
template <TernaryFn F>
void ternaryOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = F(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), scalarArg(a[3]));
  ret(s, 4, std::move(r));
}
template <TernaryInplaceFn F>
void ternaryInplaceOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor self = tensorArg(a[0]);
  F(self, tensorArg(a[1]), tensorArg(a[2]), scalarArg(a[3]));
  ret(s, 4, std::move(self));
}
template <TernaryOutFn F>
void ternaryOutOp(Stack& s) {
  IValue* a = args(s, 5);
  Tensor out = tensorArg(a[4]);
  F(out, tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), scalarArg(a[3]));
  ret(s, 5, std::move(out));
}

// ---- lerp: (self, end, weight) with a Scalar or Tensor weight ----
void lerpScalar(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = lerp(tensorArg(a[0]), tensorArg(a[1]), scalarArg(a[2]));
  ret(s, 3, std::move(r));
}
void lerpTensor(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = lerp(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]));
  ret(s, 3, std::move(r));
}
void lerpScalarInplace(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  lerp_(self, tensorArg(a[1]), scalarArg(a[2]));
  ret(s, 3, std::move(self));
}
void lerpTensorInplace(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  lerp_(self, tensorArg(a[1]), tensorArg(a[2]));
  ret(s, 3, std::move(self));
}
void lerpScalarOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  lerp_out(out, tensorArg(a[0]), tensorArg(a[1]), scalarArg(a[2]));
  ret(s, 4, std::move(out));
}
void lerpTensorOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  lerp_out(out, tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]));
  ret(s, 4, std::move(out));
}

// ---- eq/ne/... on Tensor[] (Python's list ==): elementwise tensor equality truth-tested ----
bool tensorListsEqual(const IValue& a, const IValue& b) {
  std::vector<Tensor> x = tensorListArg(a), y = tensorListArg(b);
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    Tensor e = eq(x[i], y[i]);
    EMBER_CHECK(e.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
    if (!e.item().toBool()) return false;
  }
  return true;
}
void eqTensorList(Stack& s) {
  IValue* a = args(s, 2);
  bool r = tensorListsEqual(a[0], a[1]);
  ret(s, 2, r);
}
void neTensorList(Stack& s) {
  IValue* a = args(s, 2);
  bool r = !tensorListsEqual(a[0], a[1]);
  ret(s, 2, r);
}

// ---- isclose / allclose / equal (composed from the pointwise ops, as ATen composes them) ----
Tensor isclose(const Tensor& self, const Tensor& other, double rtol, double atol, bool equalNan) {
  EMBER_CHECK(self.dtype() == other.dtype(), scalarTypeName(self.dtype()), " did not match ",
              scalarTypeName(other.dtype()));
  EMBER_CHECK(rtol >= 0, "rtol must be greater than or equal to zero, but got ", rtol);
  EMBER_CHECK(atol >= 0, "atol must be greater than or equal to zero, but got ", atol);
  Tensor close = eq(self, other);
  if (equalNan && self.is_floating_point()) logical_or_(close, logical_and(isnan(self), isnan(other)));
  if (self.dtype() == ScalarType::Bool || (rtol == 0 && atol == 0)) return close;
  // Integers are compared in the default float dtype, so that the tolerance is not truncated.
  Tensor a = self.is_floating_point() ? self : to(self, defaultDtype());
  Tensor b = other.is_floating_point() ? other : to(other, defaultDtype());
  Tensor allowed = add(abs(b).mul(Scalar(rtol)), Scalar(atol));
  Tensor actual = abs(sub(a, b));
  logical_or_(close, logical_and(isfinite(actual), le(actual, allowed)));
  return close;
}
void iscloseOp(Stack& s) {
  IValue* a = args(s, 5);
  Tensor r = isclose(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2]), doubleArg(a[3]), boolArg(a[4]));
  ret(s, 5, std::move(r));
}
void allcloseOp(Stack& s) {
  IValue* a = args(s, 5);
  Tensor self = tensorArg(a[0]), other = tensorArg(a[1]);
  bool r = all(isclose(self, other, doubleArg(a[2]), doubleArg(a[3]), boolArg(a[4]))).item().toBool();
  ret(s, 5, r);
}
void equalOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]), other = tensorArg(a[1]);
  bool r = self.sizes() == other.sizes() && all(eq(self, other)).item().toBool();
  ret(s, 2, r);
}

// A comparison (or its alias name) with all six forms.
#define EMBER_COMPARISON_OPS(name, op)                                                                             \
  {"aten::" name ".Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<op>},                                    \
      {"aten::" name ".Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<op>},                          \
      {"aten::" name "_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<op##_>},             \
      {"aten::" name "_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<op##_>},       \
      {"aten::" name ".Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",                    \
       binaryOutOp<op##_out>},                                                                                     \
  {                                                                                                                \
    "aten::" name ".Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<op##_out> \
  }

// A bitwise op: Tensor/Scalar/Scalar_Tensor forms, in place and out=. `so` names the scalar
// overloads (bitwise_and uses "Scalar", the shifts "Tensor_Scalar").
#define EMBER_BITWISE_OPS(op, so)                                                                                      \
  {"aten::" #op ".Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<op>},                                         \
      {"aten::" #op "." so "(Tensor self, Scalar other) -> Tensor", binaryScalarOp<op>},                               \
      {"aten::" #op ".Scalar_Tensor(Scalar self, Tensor other) -> Tensor", scalarBinaryOp<op>},                        \
      {"aten::" #op "_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<op##_>},                  \
      {"aten::" #op "_." so "(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<op##_>},            \
      {"aten::" #op ".Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<op##_out>}, \
      {"aten::" #op "." so "_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<op##_out>}, \
  {                                                                                                                    \
    "aten::" #op ".Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",                     \
        binaryOutOp<op##_out>                                                                                          \
  }

// Python's operator dunders on tensors (`a & b`, `a <<= 1`).
#define EMBER_DUNDER_OPS(dunder, op)                                                                            \
  {"aten::__" #dunder "__.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<op>},                          \
      {"aten::__" #dunder "__.Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<op>},                \
      {"aten::__i" #dunder "__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<op##_>}, { \
    "aten::__i" #dunder "__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<op##_>  \
  }

RegisterOperators reg({
    // add, sub, subtract, rsub
    {"aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", alphaOp<add>},
    {"aten::add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", alphaScalarOp<add>},
    {"aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", alphaInplaceOp<add_>},
    {"aten::add_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)", alphaScalarInplaceOp<add_>},
    {"aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", alphaOutOp<add_out>},
    {"aten::add.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)",
     alphaOutOp<add_out>},
    {"aten::sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", alphaOp<sub>},
    {"aten::sub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", alphaScalarOp<sub>},
    {"aten::sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", alphaInplaceOp<sub_>},
    {"aten::sub_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)", alphaScalarInplaceOp<sub_>},
    {"aten::sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", alphaOutOp<sub_out>},
    {"aten::sub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)",
     alphaOutOp<sub_out>},
    {"aten::subtract.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", alphaOp<subtract>},
    {"aten::subtract.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", alphaScalarOp<subtractScalar>},
    {"aten::subtract_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
     alphaInplaceOp<subtract_>},
    {"aten::subtract_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)",
     alphaScalarInplaceOp<subtractScalar_>},
    {"aten::subtract.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
     alphaOutOp<subtractOut>},
    {"aten::rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", alphaOp<rsub>},
    {"aten::rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", alphaScalarOp<rsub>},
    {"aten::rsub.Tensor_out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
     alphaOutOp<rsubOut>},
    {"aten::rsub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)",
     alphaOutOp<rsubOut>},

    // mul, multiply
    {"aten::mul.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<mul>},
    {"aten::mul.Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<mul>},
    {"aten::mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<mul_>},
    {"aten::mul_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<mul_>},
    {"aten::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<mul_out>},
    {"aten::mul.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<mul_out>},
    {"aten::multiply.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<multiply>},
    {"aten::multiply.Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<multiplyScalar>},
    {"aten::multiply_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<multiply_>},
    {"aten::multiply_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<multiplyScalar_>},
    {"aten::multiply.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<mul_out>},

    // div, divide, true_divide, floor_divide
    {"aten::div.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<divPlain>},
    {"aten::div.Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<divPlainScalar>},
    {"aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor", divMode},
    {"aten::div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor", divScalarMode},
    {"aten::div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<divPlain_>},
    {"aten::div_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<divPlainScalar_>},
    {"aten::div_.Tensor_mode(Tensor(a!) self, Tensor other, *, str? rounding_mode) -> Tensor(a!)", divInplaceMode},
    {"aten::div_.Scalar_mode(Tensor(a!) self, Scalar other, *, str? rounding_mode) -> Tensor(a!)",
     divScalarInplaceMode},
    {"aten::div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<divPlainOut>},
    {"aten::div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)", divOutMode},
    {"aten::div.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<divPlainOut>},
    {"aten::div.Scalar_mode_out(Tensor self, Scalar other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)",
     divOutMode},
    {"aten::divide.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<divPlain>},
    {"aten::divide.Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<divPlainScalar>},
    {"aten::divide.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor", divMode},
    {"aten::divide.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor", divScalarMode},
    {"aten::divide_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<divPlain_>},
    {"aten::divide_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<divPlainScalar_>},
    {"aten::divide_.Tensor_mode(Tensor(a!) self, Tensor other, *, str? rounding_mode) -> Tensor(a!)", divInplaceMode},
    {"aten::divide_.Scalar_mode(Tensor(a!) self, Scalar other, *, str? rounding_mode) -> Tensor(a!)",
     divScalarInplaceMode},
    {"aten::divide.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<divPlainOut>},
    {"aten::divide.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)",
     divOutMode},
    {"aten::true_divide.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<true_divide>},
    {"aten::true_divide.Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<true_divide>},
    {"aten::true_divide_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<true_divide_>},
    {"aten::true_divide_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<true_divide_>},
    {"aten::true_divide.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<true_divide_out>},
    {"aten::floor_divide(Tensor self, Tensor other) -> Tensor", binaryOp<floor_divide>},
    {"aten::floor_divide.Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<floor_divide>},
    {"aten::floor_divide_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<floor_divide_>},
    {"aten::floor_divide_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<floor_divide_>},
    {"aten::floor_divide.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<floor_divide_out>},

    // remainder, fmod
    {"aten::remainder.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<remainder>},
    {"aten::remainder.Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<remainder>},
    {"aten::remainder.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", scalarBinaryOp<remainder>},
    {"aten::remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<remainder_>},
    {"aten::remainder_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<remainder_>},
    {"aten::remainder.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<remainder_out>},
    {"aten::remainder.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<remainder_out>},
    {"aten::remainder.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<remainder_out>},
    {"aten::fmod.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<fmod>},
    {"aten::fmod.Scalar(Tensor self, Scalar other) -> Tensor", binaryScalarOp<fmod>},
    {"aten::fmod_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<fmod_>},
    {"aten::fmod_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryScalarInplaceOp<fmod_>},
    {"aten::fmod.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<fmod_out>},
    {"aten::fmod.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<fmod_out>},

    // pow
    {"aten::pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor", binaryOp<pow>},
    {"aten::pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor", binaryScalarOp<pow>},
    {"aten::pow.Scalar(Scalar self, Tensor exponent) -> Tensor", scalarBinaryOp<pow>},
    {"aten::pow_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)", binaryInplaceOp<pow_>},
    {"aten::pow_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)", binaryScalarInplaceOp<pow_>},
    {"aten::pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<pow_out>},
    {"aten::pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<pow_out>},
    {"aten::pow.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<pow_out>},

    // atan2, maximum/minimum, fmax/fmin
    {"aten::atan2(Tensor self, Tensor other) -> Tensor", binaryOp<atan2>},
    {"aten::atan2_(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<atan2_>},
    {"aten::atan2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<atan2_out>},
    {"aten::arctan2(Tensor self, Tensor other) -> Tensor", binaryOp<arctan2>},
    {"aten::arctan2_(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<arctan2_>},
    {"aten::arctan2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<atan2_out>},
    {"aten::maximum(Tensor self, Tensor other) -> Tensor", binaryOp<maximum>},
    {"aten::maximum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<maximum_out>},
    {"aten::minimum(Tensor self, Tensor other) -> Tensor", binaryOp<minimum>},
    {"aten::minimum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<minimum_out>},
    {"aten::fmax(Tensor self, Tensor other) -> Tensor", binaryOp<fmax>},
    {"aten::fmax.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<fmax_out>},
    {"aten::fmin(Tensor self, Tensor other) -> Tensor", binaryOp<fmin>},
    {"aten::fmin.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<fmin_out>},

    // comparisons and their alias names
    EMBER_COMPARISON_OPS("eq", eq),
    EMBER_COMPARISON_OPS("ne", ne),
    EMBER_COMPARISON_OPS("lt", lt),
    EMBER_COMPARISON_OPS("le", le),
    EMBER_COMPARISON_OPS("gt", gt),
    EMBER_COMPARISON_OPS("ge", ge),
    EMBER_COMPARISON_OPS("not_equal", ne),
    EMBER_COMPARISON_OPS("less", lt),
    EMBER_COMPARISON_OPS("less_equal", le),
    EMBER_COMPARISON_OPS("greater", gt),
    EMBER_COMPARISON_OPS("greater_equal", ge),
    {"aten::eq.Tensor_list(Tensor[] a, Tensor[] b) -> bool", eqTensorList},
    {"aten::isclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool "
     "equal_nan=False) -> Tensor",
     iscloseOp},
    {"aten::allclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool "
     "equal_nan=False) -> bool",
     allcloseOp},
    {"aten::equal(Tensor self, Tensor other) -> bool", equalOp},
    {"aten::ne.Tensor_list(Tensor[] a, Tensor[] b) -> bool", neTensorList},

    // logical ops
    {"aten::logical_and(Tensor self, Tensor other) -> Tensor", binaryOp<logical_and>},
    {"aten::logical_and_(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<logical_and_>},
    {"aten::logical_and.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<logical_and_out>},
    {"aten::logical_or(Tensor self, Tensor other) -> Tensor", binaryOp<logical_or>},
    {"aten::logical_or_(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<logical_or_>},
    {"aten::logical_or.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<logical_or_out>},
    {"aten::logical_xor(Tensor self, Tensor other) -> Tensor", binaryOp<logical_xor>},
    {"aten::logical_xor_(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<logical_xor_>},
    {"aten::logical_xor.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<logical_xor_out>},

    // bitwise ops and Python's operator dunders
    EMBER_BITWISE_OPS(bitwise_and, "Scalar"),
    EMBER_BITWISE_OPS(bitwise_or, "Scalar"),
    EMBER_BITWISE_OPS(bitwise_xor, "Scalar"),
    EMBER_BITWISE_OPS(bitwise_left_shift, "Tensor_Scalar"),
    EMBER_BITWISE_OPS(bitwise_right_shift, "Tensor_Scalar"),
    EMBER_DUNDER_OPS(and, bitwise_and),
    EMBER_DUNDER_OPS(or, bitwise_or),
    EMBER_DUNDER_OPS(xor, bitwise_xor),
    EMBER_DUNDER_OPS(lshift, bitwise_left_shift),
    EMBER_DUNDER_OPS(rshift, bitwise_right_shift),
    {"aten::__lshift__.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<bitwise_left_shift_out>},
    {"aten::__lshift__.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<bitwise_left_shift_out>},
    {"aten::__rshift__.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<bitwise_right_shift_out>},
    {"aten::__rshift__.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<bitwise_right_shift_out>},

    // where
    {"aten::where.self(Tensor condition, Tensor self, Tensor other) -> Tensor", whereSelf},
    {"aten::where.ScalarOther(Tensor condition, Tensor self, Scalar other) -> Tensor", whereScalarOther},
    {"aten::where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor", whereScalarSelf},
    {"aten::where.Scalar(Tensor condition, Scalar self, Scalar other) -> Tensor", whereScalar},
    {"aten::where.self_out(Tensor condition, Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
     whereSelfOut},
    {"aten::where(Tensor condition) -> Tensor[]", whereCondition},

    // clamp, clip, clamp_min, clamp_max
    {"aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor", clampScalar<false>},
    {"aten::clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor", clampTensor<false>},
    {"aten::clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)", clampScalar<true>},
    {"aten::clamp_.Tensor(Tensor(a!) self, Tensor? min=None, Tensor? max=None) -> Tensor(a!)", clampTensor<true>},
    {"aten::clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)",
     clampScalarOut},
    {"aten::clamp.Tensor_out(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor(a!) out) -> Tensor(a!)",
     clampTensorOut},
    {"aten::clip(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor", clampScalar<false>},
    {"aten::clip.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor", clampTensor<false>},
    {"aten::clip_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)", clampScalar<true>},
    {"aten::clip_.Tensor(Tensor(a!) self, Tensor? min=None, Tensor? max=None) -> Tensor(a!)", clampTensor<true>},
    {"aten::clip.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)",
     clampScalarOut},
    {"aten::clip.Tensor_out(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor(a!) out) -> Tensor(a!)",
     clampTensorOut},
    {"aten::clamp_min(Tensor self, Scalar min) -> Tensor", binaryScalarOp<clamp_min>},
    {"aten::clamp_min.Tensor(Tensor self, Tensor min) -> Tensor", binaryOp<clamp_min>},
    {"aten::clamp_min_(Tensor(a!) self, Scalar min) -> Tensor(a!)", binaryScalarInplaceOp<clamp_min_>},
    {"aten::clamp_min_.Tensor(Tensor(a!) self, Tensor min) -> Tensor(a!)", binaryInplaceOp<clampMinTensor_>},
    {"aten::clamp_min.out(Tensor self, Scalar min, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<clampMinOut>},
    {"aten::clamp_min.Tensor_out(Tensor self, Tensor min, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<clampMinOut>},
    {"aten::clamp_max(Tensor self, Scalar max) -> Tensor", binaryScalarOp<clamp_max>},
    {"aten::clamp_max.Tensor(Tensor self, Tensor max) -> Tensor", binaryOp<clamp_max>},
    {"aten::clamp_max_(Tensor(a!) self, Scalar max) -> Tensor(a!)", binaryScalarInplaceOp<clamp_max_>},
    {"aten::clamp_max_.Tensor(Tensor(a!) self, Tensor max) -> Tensor(a!)", binaryInplaceOp<clampMaxTensor_>},
    {"aten::clamp_max.out(Tensor self, Scalar max, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<clampMaxOut>},
    {"aten::clamp_max.Tensor_out(Tensor self, Tensor max, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<clampMaxOut>},

    // addcmul, addcdiv, lerp
    {"aten::addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor", ternaryOp<addcmul>},
    {"aten::addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)",
     ternaryInplaceOp<addcmul_>},
    {"aten::addcmul.out(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor(a!) out) -> "
     "Tensor(a!)",
     ternaryOutOp<addcmul_out>},
    {"aten::addcdiv(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor", ternaryOp<addcdiv>},
    {"aten::addcdiv_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)",
     ternaryInplaceOp<addcdiv_>},
    {"aten::addcdiv.out(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor(a!) out) -> "
     "Tensor(a!)",
     ternaryOutOp<addcdiv_out>},
    {"aten::lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor", lerpScalar},
    {"aten::lerp.Tensor(Tensor self, Tensor end, Tensor weight) -> Tensor", lerpTensor},
    {"aten::lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)", lerpScalarInplace},
    {"aten::lerp_.Tensor(Tensor(a!) self, Tensor end, Tensor weight) -> Tensor(a!)", lerpTensorInplace},
    {"aten::lerp.Scalar_out(Tensor self, Tensor end, Scalar weight, *, Tensor(a!) out) -> Tensor(a!)", lerpScalarOut},
    {"aten::lerp.Tensor_out(Tensor self, Tensor end, Tensor weight, *, Tensor(a!) out) -> Tensor(a!)", lerpTensorOut},
});

#undef EMBER_COMPARISON_OPS
#undef EMBER_BITWISE_OPS
#undef EMBER_DUNDER_OPS

}  // namespace
}  // namespace ember::jit::aten
