// Activation functions of the unary family (see ember/tensor/ops/unary.h). All but relu and
// hardtanh need floating inputs and fail on others with PyTorch's kernel-name message.
#include <algorithm>
#include <string>

#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/unary.h"
#include "tensor/elementwise.h"
#include "tensor/unary_common.h"
#include "tensor/storage_watch.h"

namespace ember {

using unary_detail::Dest;

namespace {

Tensor reluImpl(const Tensor& self, const Dest& dest) {
  EMBER_CHECK(self.defined(), "expected a defined tensor");
  EMBER_CHECK(self.dtype() != ScalarType::Bool, "Boolean inputs not supported for relu");
  return unary_detail::sameDtypeUnary(UnaryOp::Relu, self, dest, "clamp_min_cpu", false,
                                      []<typename T>(T x) -> T { return x < T(0) ? T(0) : x; });
}

Tensor hardtanhImpl(const Tensor& self, const Scalar& minVal, const Scalar& maxVal, const Dest& dest) {
  EMBER_CHECK(self.defined(), "expected a defined tensor");
  EMBER_CHECK(self.dtype() != ScalarType::Bool, "Bool inputs not supported for hardtanh");
  unary_detail::checkSameDtypeDest(self, dest);
  Elementwise it(ResultRule::Promote);
  if (isFloatingType(self.dtype())) {
    unary_detail::buildUnary(it, self, dest);
    UnaryParams p;
    p.a = minVal.toDouble();
    p.b = maxVal.toDouble();
    unary_detail::runFloatKernel(it, UnaryOp::Hardtanh, p);
    return it.finish();
  }
  // Integer tensors clamp to the bounds truncated to integers (no type promotion).
  const int64_t lo = minVal.toLong(), hi = maxVal.toLong();
  EMBER_CHECK(self.dtype() != ScalarType::Byte || (lo >= 0 && hi >= 0),
              "cannot do hardtanh on an unsigned type with negative limits");
  unary_detail::buildUnary(it, self, dest);
  visitIntegralDtype(
      it.computeDtype(),
      [&]<typename T>() {
        const T tlo = static_cast<T>(lo), thi = static_cast<T>(hi);
        it.run1<T, T>([tlo, thi](T x) { return std::min(std::max(x, tlo), thi); });
      },
      false, "clamp_scalar_cpu");
  return it.finish();
}

Tensor geluImpl(const Tensor& self, std::string_view approximate, const Dest& dest) {
  UnaryOp op;
  if (approximate == "none") op = UnaryOp::Gelu;
  else if (approximate == "tanh") op = UnaryOp::GeluTanh;
  else EMBER_ERROR("approximate argument must be either none or tanh.");
  return unary_detail::floatOnlyUnary(op, self, dest, "GeluKernelImpl");
}

Tensor siluImpl(const Tensor& self, const Dest& dest) {
  if (self.is_complex()) {
    // x / (1 + exp(-x)) in complex arithmetic, as PyTorch's complex silu kernel computes it.
    Tensor r = div(self, add(exp(neg(self)), Scalar(1)));
    if (dest.kind == Dest::Kind::Fresh) return r;
    Tensor target = *dest.out;
    checkCanCastOutput(r.dtype(), target.dtype());
    if (dest.kind == Dest::Kind::Out) resizeOutput(target, r.sizes(), r.strides());
    target.copy_(r);
    return target;
  }
  return unary_detail::floatOnlyUnary(UnaryOp::Silu, self, dest, "silu_cpu");
}
Tensor mishImpl(const Tensor& self, const Dest& dest) {
  return unary_detail::floatOnlyUnary(UnaryOp::Mish, self, dest, "mish_cpu");
}
Tensor hardswishImpl(const Tensor& self, const Dest& dest) {
  return unary_detail::floatOnlyUnary(UnaryOp::Hardswish, self, dest, "hardswish_cpu");
}
Tensor hardsigmoidImpl(const Tensor& self, const Dest& dest) {
  return unary_detail::floatOnlyUnary(UnaryOp::Hardsigmoid, self, dest, "hardsigmoid_cpu");
}

Tensor softplusImpl(const Tensor& self, const Scalar& beta, const Scalar& threshold, const Dest& dest) {
  UnaryParams p;
  p.a = beta.toDouble();
  p.b = threshold.toDouble();
  return unary_detail::floatOnlyUnary(UnaryOp::Softplus, self, dest, "softplus_cpu", p);
}

Tensor leakyReluImpl(const Tensor& self, const Scalar& slope, const Dest& dest) {
  UnaryParams p;
  p.a = slope.toDouble();
  return unary_detail::floatOnlyUnary(UnaryOp::LeakyRelu, self, dest, "leaky_relu_cpu", p);
}

Tensor eluImpl(const Tensor& self, const Scalar& alpha, const Scalar& scale, const Scalar& inputScale,
               const Dest& dest) {
  UnaryParams p;
  p.a = alpha.toDouble() * scale.toDouble();
  p.b = scale.toDouble();
  p.c = inputScale.toDouble();
  return unary_detail::floatOnlyUnary(UnaryOp::Elu, self, dest, "elu_cpu", p);
}

constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;

double celuInverseAlpha(const Scalar& alpha) {
  EMBER_CHECK(alpha.toDouble() != 0.0, "ZeroDivisionError: alpha cannot be 0 for CELU");
  return 1.0 / alpha.toDouble();
}

}  // namespace

Tensor relu(const Tensor& self) { return reluImpl(self, Dest::fresh()); }
Tensor& relu_(Tensor& self) {
  detail::noteWrite(self);
  reluImpl(self, Dest::inplace(self));
  return self;
}
Tensor Tensor::relu() const { return ember::relu(*this); }
Tensor& Tensor::relu_() { return ember::relu_(*this); }

Tensor relu6(const Tensor& self) { return hardtanh(self, 0, 6); }
Tensor& relu6_(Tensor& self) { return hardtanh_(self, 0, 6); }

Tensor hardtanh(const Tensor& self, const Scalar& min_val, const Scalar& max_val) {
  return hardtanhImpl(self, min_val, max_val, Dest::fresh());
}
Tensor& hardtanh_(Tensor& self, const Scalar& min_val, const Scalar& max_val) {
  detail::noteWrite(self);
  hardtanhImpl(self, min_val, max_val, Dest::inplace(self));
  return self;
}
Tensor& hardtanh_out(Tensor& out, const Tensor& self, const Scalar& min_val, const Scalar& max_val) {
  detail::noteWrite(out);
  hardtanhImpl(self, min_val, max_val, Dest::into(out));
  return out;
}

Tensor gelu(const Tensor& self, std::string_view approximate) { return geluImpl(self, approximate, Dest::fresh()); }
Tensor& gelu_(Tensor& self, std::string_view approximate) {
  detail::noteWrite(self);
  geluImpl(self, approximate, Dest::inplace(self));
  return self;
}
Tensor& gelu_out(Tensor& out, const Tensor& self, std::string_view approximate) {
  detail::noteWrite(out);
  geluImpl(self, approximate, Dest::into(out));
  return out;
}

EMBER_UNARY_FUNCTIONS(silu, siluImpl)
EMBER_UNARY_FUNCTIONS(mish, mishImpl)
EMBER_UNARY_FUNCTIONS(hardswish, hardswishImpl)
EMBER_UNARY_FUNCTIONS(hardsigmoid, hardsigmoidImpl)

Tensor softplus(const Tensor& self, const Scalar& beta, const Scalar& threshold) {
  return softplusImpl(self, beta, threshold, Dest::fresh());
}
Tensor& softplus_out(Tensor& out, const Tensor& self, const Scalar& beta, const Scalar& threshold) {
  detail::noteWrite(out);
  softplusImpl(self, beta, threshold, Dest::into(out));
  return out;
}

Tensor leaky_relu(const Tensor& self, const Scalar& negative_slope) {
  return leakyReluImpl(self, negative_slope, Dest::fresh());
}
Tensor& leaky_relu_(Tensor& self, const Scalar& negative_slope) {
  detail::noteWrite(self);
  leakyReluImpl(self, negative_slope, Dest::inplace(self));
  return self;
}
Tensor& leaky_relu_out(Tensor& out, const Tensor& self, const Scalar& negative_slope) {
  detail::noteWrite(out);
  leakyReluImpl(self, negative_slope, Dest::into(out));
  return out;
}

Tensor elu(const Tensor& self, const Scalar& alpha, const Scalar& scale, const Scalar& input_scale) {
  return eluImpl(self, alpha, scale, input_scale, Dest::fresh());
}
Tensor& elu_(Tensor& self, const Scalar& alpha, const Scalar& scale, const Scalar& input_scale) {
  detail::noteWrite(self);
  eluImpl(self, alpha, scale, input_scale, Dest::inplace(self));
  return self;
}
Tensor& elu_out(Tensor& out, const Tensor& self, const Scalar& alpha, const Scalar& scale,
                const Scalar& input_scale) {
  detail::noteWrite(out);
  eluImpl(self, alpha, scale, input_scale, Dest::into(out));
  return out;
}

Tensor selu(const Tensor& self) { return elu(self, kSeluAlpha, kSeluScale, 1); }
Tensor& selu_(Tensor& self) { return elu_(self, kSeluAlpha, kSeluScale, 1); }
Tensor celu(const Tensor& self, const Scalar& alpha) { return elu(self, alpha, 1.0, celuInverseAlpha(alpha)); }
Tensor& celu_(Tensor& self, const Scalar& alpha) { return elu_(self, alpha, 1.0, celuInverseAlpha(alpha)); }

}  // namespace ember
