// aten:: activations the tensor library has no kernel of its own for, composed from its ops as
// PyTorch defines them: threshold, hardshrink, softshrink, log_sigmoid, glu, prelu.
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"
#include "runtime/ops/write_inplace.h"

namespace ember::jit::aten {
namespace {

Tensor castLike(const Tensor& r, const Tensor& self) { return r.dtype() == self.dtype() ? r : to(r, self.dtype()); }

// threshold(x, threshold, value): x <= threshold ? value : x, in x's dtype (NaN stays NaN).
Tensor threshold(const Tensor& self, const Scalar& th, const Scalar& value) {
  return castLike(where(le(self, th), value, self), self);
}
// hardshrink(x, l): x where |x| > l, else 0.
Tensor hardshrink(const Tensor& self, const Scalar& lambd) {
  Tensor keep = logical_or(gt(self, lambd), lt(self, -lambd));
  return castLike(where(keep, self, Scalar(0)), self);
}
// softshrink(x, l): x - l above l, x + l below -l, else 0.
Tensor softshrink(const Tensor& self, const Scalar& lambd) {
  EMBER_CHECK(lambd.toDouble() >= 0, "lambda must be greater or equal to 0, but found to be ", lambd, ".");
  Tensor shrunk = where(gt(self, lambd), sub(self, lambd), where(lt(self, -lambd), add(self, lambd), Scalar(0)));
  return castLike(shrunk, self);
}
// Scalar-parameter activations in three forms: (self, p1[, p2]) [out].
template <int kNumParams, int kForm>  // kForm: 0 functional, 1 in place, 2 out=
void scalarActivation(Stack& s, Tensor (*f)(const Tensor&, const Scalar&, const Scalar&)) {
  constexpr size_t n = 1 + kNumParams + (kForm == 2 ? 1 : 0);
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Scalar p1 = scalarArg(a[1]);
  Scalar p2 = kNumParams > 1 ? scalarArg(a[2]) : Scalar();
  Tensor r = f(self, p1, p2);
  if constexpr (kForm == 1) {
    writeInplace(self, r);
    r = std::move(self);
  } else if constexpr (kForm == 2) {
    Tensor out = tensorArg(a[n - 1]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
Tensor hardshrink2(const Tensor& self, const Scalar& l, const Scalar&) { return hardshrink(self, l); }
Tensor softshrink2(const Tensor& self, const Scalar& l, const Scalar&) { return softshrink(self, l); }
template <int kForm>
void thresholdOp(Stack& s) {
  scalarActivation<2, kForm>(s, threshold);
}
template <int kForm>
void hardshrinkOp(Stack& s) {
  scalarActivation<1, kForm>(s, hardshrink2);
}
template <int kForm>
void softshrinkOp(Stack& s) {
  scalarActivation<1, kForm>(s, softshrink2);
}

// log_sigmoid(x) = -softplus(-x) = min(x, 0) - log1p(exp(-|x|)), stable for large |x|.
Tensor logSigmoid(const Tensor& self) {
  EMBER_CHECK(self.is_floating_point(), "\"log_sigmoid_forward\" not implemented for '", scalarTypeName(self.dtype()),
              "'");
  return sub(clamp_max(self, Scalar(0)), log1p(exp(neg(abs(self)))));
}
Tensor& logSigmoidOut(Tensor& out, const Tensor& self) { return writeOut(out, logSigmoid(self)); }

// glu(x, dim): a * sigmoid(b) for the two halves of x along dim.
Tensor glu(const Tensor& self, int64_t dim) {
  EMBER_CHECK(self.dim() > 0, "glu does not support scalars because halving size must be even");
  int64_t d = wrapDim(dim, self.dim());
  EMBER_CHECK(self.size(d) % 2 == 0, "Halving dimension must be even, but dimension ", d, " is size ", self.size(d));
  int64_t half = self.size(d) / 2;
  return mul(narrow(self, d, 0, half), sigmoid(narrow(self, d, half, half)));
}
template <bool kOut>
void gluOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  Tensor r = glu(tensorArg(a[0]), intArg(a[1]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// prelu(x, weight): x where x >= 0, else weight * x; weight has one value or one per channel
// (dim 1).
Tensor prelu(const Tensor& self, const Tensor& weight) {
  EMBER_CHECK(weight.dim() <= 1, "prelu: Expected `weight` to be a scalar or 1D tensor, but got ndim = ", weight.dim());
  int64_t channels = self.dim() >= 2 ? self.size(1) : 1;
  int64_t params = weight.numel();
  EMBER_CHECK(params == 1 || params == channels,
              "Mismatch of parameter numbers and input channel size. Found parameter numbers = ", params,
              " and channel size = ", channels, ".");
  Tensor w = weight;
  if (params > 1 && self.dim() >= 2) {
    DimVector shape(static_cast<size_t>(self.dim()), 1);
    shape[1] = channels;
    w = reshape(weight, shape);
  } else if (params == 1) {
    w = reshape(weight, {});
  }
  return where(ge(self, Scalar(0)), self, mul(w, self));
}
Tensor& preluOut(Tensor& out, const Tensor& self, const Tensor& weight) { return writeOut(out, prelu(self, weight)); }

RegisterOperators reg({
    {"aten::threshold(Tensor self, Scalar threshold, Scalar value) -> Tensor", thresholdOp<0>},
    {"aten::threshold_(Tensor(a!) self, Scalar threshold, Scalar value) -> Tensor(a!)", thresholdOp<1>},
    {"aten::threshold.out(Tensor self, Scalar threshold, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
     thresholdOp<2>},
    {"aten::hardshrink(Tensor self, Scalar lambd=0.5) -> Tensor", hardshrinkOp<0>},
    {"aten::hardshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)", hardshrinkOp<2>},
    {"aten::softshrink(Tensor self, Scalar lambd=0.5) -> Tensor", softshrinkOp<0>},
    {"aten::softshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)", softshrinkOp<2>},
    {"aten::log_sigmoid(Tensor self) -> Tensor", unaryOp<logSigmoid>},
    {"aten::log_sigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<logSigmoidOut>},
    {"aten::glu(Tensor self, int dim=-1) -> Tensor", gluOp<false>},
    {"aten::glu.out(Tensor self, int dim=-1, *, Tensor(a!) out) -> Tensor(a!)", gluOp<true>},
    {"aten::prelu(Tensor self, Tensor weight) -> Tensor", binaryOp<prelu>},
    {"aten::prelu.out(Tensor self, Tensor weight, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<preluOut>},
});

}  // namespace
}  // namespace ember::jit::aten
