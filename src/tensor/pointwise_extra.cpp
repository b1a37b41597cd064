// gcd, lcm, heaviside, ldexp, nextafter, float_power, frexp, angle, conj_physical.
//
// The binary ones run on Elementwise (broadcasting, promotion, out=/in-place, contiguous loops
// split over the thread pool); ldexp and float_power are PyTorch's compositions of mul and pow.
#include "ember/tensor/ops/pointwise_extra.h"

#include "ember/tensor/ops/complex.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "indexing_utils.h"
#include "pointwise_common.h"
#include "unary_common.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

constexpr PwSpec kPromote{ResultRule::Promote, false};

template <typename T>
T gcdOf(T a, T b) {
  using U = std::make_unsigned_t<T>;
  // |x| through the unsigned type, so that the most negative value does not overflow.
  auto absU = [](T x) -> U { return x < 0 ? static_cast<U>(U(0) - static_cast<U>(x)) : static_cast<U>(x); };
  U x = absU(a), y = absU(b);
  while (x != 0) {
    U c = x;
    x = static_cast<U>(y % x);
    y = c;
  }
  return static_cast<T>(y);
}

template <bool IsLcm>
void gcdLcmKernel(Elementwise& it) {
  visitIntegralDtype(it.computeDtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, bool>) {
      EMBER_UNREACHABLE("bool excluded");
    } else if constexpr (IsLcm) {
      it.run2<T, T, T>([](T a, T b) -> T {
        const T g = gcdOf(a, b);
        if (g == 0) return T(0);
        // |a / g * b| in C++'s promoted type (int for the narrow types), wrapping on overflow,
        // then truncated to T: PyTorch's results.
        using W = decltype(a / g * b);
        using U = std::make_unsigned_t<W>;
        const U r = static_cast<U>(static_cast<U>(static_cast<W>(a / g)) * static_cast<U>(static_cast<W>(b)));
        const W v = static_cast<W>(r);
        return static_cast<T>(v < 0 ? static_cast<W>(U(0) - r) : v);
      });
    } else {
      it.run2<T, T, T>([](T a, T b) -> T { return gcdOf(a, b); });
    }
  }, false, IsLcm ? "lcm_cpu" : "gcd_cpu");
}

void heavisideKernel(Elementwise& it) {
  visitDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (std::is_same_v<T, bool>) {
      it.run2<T, T, T>([](bool a, bool b) { return a || b; });  // a == 0 ? b : a > 0
    } else {
      it.run2<T, T, T>([](M a, M b) { return a == M(0) ? b : static_cast<M>(a > M(0)); });
    }
  }, "heaviside_cpu");
}

void checkHeaviside(const Tensor& self, const Tensor& values) {
  EMBER_CHECK(self.dtype() == values.dtype(), "heaviside is not yet implemented for tensors with different dtypes.");
}

// The next representable bfloat16 after a towards b, stepping the bit pattern.
BFloat16 nextafterBf16(BFloat16 a, BFloat16 b) {
  float fa = a, fb = b;
  if (std::isnan(fa) || std::isnan(fb)) return BFloat16(std::numeric_limits<float>::quiet_NaN());
  if (fa == fb) return b;
  if (fa == 0.0f) return BFloat16::fromBits(static_cast<uint16_t>((fb < 0 ? 0x8000 : 0) | 1));
  const bool up = (fa < fb) == (fa > 0);  // away from zero
  return BFloat16::fromBits(static_cast<uint16_t>(up ? a.x + 1 : a.x - 1));
}

// std::nextafter without a library call or branches, so that the loop vectorises: step the bit
// pattern by one unit towards b (away from zero when |b| is larger on a's side), with the cases
// of zero, equal operands and NaN chosen by selects.
template <typename F>
F nextafterBits(F a, F b) {
  using I = std::conditional_t<sizeof(F) == 4, int32_t, int64_t>;
  I ia, ib;
  std::memcpy(&ia, &a, sizeof(F));
  std::memcpy(&ib, &b, sizeof(F));
  const I signBit = std::numeric_limits<I>::min();
  I r = ia + (((a < b) == (a > F(0))) ? I(1) : I(-1));
  r = a == F(0) ? static_cast<I>((ib & signBit) | I(1)) : r;
  r = a == b ? ib : r;
  F out;
  std::memcpy(&out, &r, sizeof(F));
  return (a != a || b != b) ? a + b : out;
}

void nextafterKernel(Elementwise& it) {
  const ScalarType dt = it.computeDtype();
  if (dt == ScalarType::BFloat16) {
    it.run2<BFloat16, BFloat16, BFloat16>([](float a, float b) -> BFloat16 {
      return nextafterBf16(BFloat16(a), BFloat16(b));
    });
    return;
  }
  if (dt != ScalarType::Float && dt != ScalarType::Double) throwUnsupportedDtype("nextafter_cpu", dt);
  visitFloatingDtype(dt, [&]<typename T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) it.run2<T, T, T>(nextafterBits<T>);
  });
}

// float_power computes in float64, or in complex128 when either operand is complex; in-place and
// out= targets must already have that dtype.
ScalarType floatPowerType(bool complex) { return complex ? ScalarType::ComplexDouble : kDouble; }
bool isComplexArg(const Tensor& t) { return t.is_complex(); }
bool isComplexArg(const Scalar& s) { return s.isComplex(); }
template <typename A, typename B>
ScalarType floatPowerType(const A& a, const B& b) {
  return floatPowerType(isComplexArg(a) || isComplexArg(b));
}
void checkFloatPowerDest(const Tensor& t, const char* role, ScalarType want) {
  EMBER_CHECK(t.dtype() == want, "the ", role, " given to float_power", role[0] == 'b' ? "_" : "", " has dtype ",
              t.dtype(), " but the operation's result requires dtype ", want);
}
Tensor asDouble(const Tensor& t, ScalarType want) { return t.dtype() == want ? t : ember::to(t, want); }
Scalar doubleScalar(const Scalar& s, ScalarType want) {
  return want == kDouble ? Scalar(s.toDouble()) : Scalar(s.toComplexDouble());
}

using unary_detail::Dest;

Tensor angleImpl(const Tensor& self, const Dest& dest) {
  if (self.is_complex()) {
    Tensor r = complexAngle(self);
    if (dest.kind == Dest::Kind::Fresh) return r;
    resizeOutput(*dest.out, r.sizes(), r.strides());
    return copy_(*dest.out, r);
  }
  Elementwise it(ResultRule::PromoteIntToFloat);
  unary_detail::buildUnary(it, self, dest);
  visitFloatingDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    it.run1<T, T>([](M x) -> M { return std::isnan(x) ? x : (x < M(0) ? static_cast<M>(std::numbers::pi) : M(0)); });
  }, "angle_cpu");
  return it.finish();
}

}  // namespace

Tensor gcd(const Tensor& self, const Tensor& other) { return pwOp(kPromote, gcdLcmKernel<false>, self, other); }
Tensor& gcd_(Tensor& self, const Tensor& other) { return pwInplace(self, kPromote, gcdLcmKernel<false>, other); }
Tensor& gcd_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, gcdLcmKernel<false>, self, other);
}
Tensor lcm(const Tensor& self, const Tensor& other) { return pwOp(kPromote, gcdLcmKernel<true>, self, other); }
Tensor& lcm_(Tensor& self, const Tensor& other) { return pwInplace(self, kPromote, gcdLcmKernel<true>, other); }
Tensor& lcm_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, gcdLcmKernel<true>, self, other);
}

Tensor heaviside(const Tensor& self, const Tensor& values) {
  checkHeaviside(self, values);
  return pwOp(kPromote, heavisideKernel, self, values);
}
Tensor& heaviside_(Tensor& self, const Tensor& values) {
  detail::noteWrite(self);
  checkHeaviside(self, values);
  return pwInplace(self, kPromote, heavisideKernel, values);
}
Tensor& heaviside_out(Tensor& out, const Tensor& self, const Tensor& values) {
  detail::noteWrite(out);
  checkHeaviside(self, values);
  return pwOut(out, kPromote, heavisideKernel, self, values);
}

Tensor ldexp(const Tensor& self, const Tensor& other) { return mul(self, pow(Scalar(2.0), other)); }
Tensor& ldexp_(Tensor& self, const Tensor& other) { return mul_(self, pow(Scalar(2.0), other)); }
Tensor& ldexp_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return mul_out(out, self, pow(Scalar(2.0), other));
}

Tensor nextafter(const Tensor& self, const Tensor& other) { return pwOp(kPromote, nextafterKernel, self, other); }
Tensor& nextafter_(Tensor& self, const Tensor& other) { return pwInplace(self, kPromote, nextafterKernel, other); }
Tensor& nextafter_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, nextafterKernel, self, other);
}

Tensor float_power(const Tensor& self, const Tensor& exponent) {
  const ScalarType t = floatPowerType(self, exponent);
  return pow(asDouble(self, t), asDouble(exponent, t));
}
Tensor float_power(const Tensor& self, const Scalar& exponent) {
  const ScalarType t = floatPowerType(self, exponent);
  return pow(asDouble(self, t), doubleScalar(exponent, t));
}
Tensor float_power(const Scalar& self, const Tensor& exponent) {
  const ScalarType t = floatPowerType(self, exponent);
  return pow(doubleScalar(self, t), asDouble(exponent, t));
}
Tensor& float_power_(Tensor& self, const Tensor& exponent) {
  detail::noteWrite(self);
  const ScalarType t = floatPowerType(self, exponent);
  checkFloatPowerDest(self, "base", t);
  return pow_(self, asDouble(exponent, t));
}
Tensor& float_power_(Tensor& self, const Scalar& exponent) {
  detail::noteWrite(self);
  const ScalarType t = floatPowerType(self, exponent);
  checkFloatPowerDest(self, "base", t);
  return pow_(self, doubleScalar(exponent, t));
}
Tensor& float_power_out(Tensor& out, const Tensor& self, const Tensor& exponent) {
  detail::noteWrite(out);
  const ScalarType t = floatPowerType(self, exponent);
  checkFloatPowerDest(out, "output", t);
  return pow_out(out, asDouble(self, t), asDouble(exponent, t));
}
Tensor& float_power_out(Tensor& out, const Tensor& self, const Scalar& exponent) {
  detail::noteWrite(out);
  const ScalarType t = floatPowerType(self, exponent);
  checkFloatPowerDest(out, "output", t);
  return pow_out(out, asDouble(self, t), doubleScalar(exponent, t));
}
Tensor& float_power_out(Tensor& out, const Scalar& self, const Tensor& exponent) {
  detail::noteWrite(out);
  const ScalarType t = floatPowerType(self, exponent);
  checkFloatPowerDest(out, "output", t);
  return pow_out(out, doubleScalar(self, t), asDouble(exponent, t));
}

std::tuple<Tensor, Tensor> frexp(const Tensor& self) {
  EMBER_CHECK(isFloatingType(self.dtype()), "torch.frexp() only supports floating-point dtypes");
  Tensor src = ember::contiguous(self);
  Tensor mantissa = empty(self.sizes(), self.dtype());
  Tensor exponent = empty(self.sizes(), kInt);
  visitFloatingDtype(self.dtype(), [&]<typename T>() {
    const T* x = src.data_ptr<T>();
    T* m = mantissa.data_ptr<T>();
    int32_t* e = exponent.data_ptr<int32_t>();
    parallelFor(0, src.numel(), kGrainSize, [&](int64_t b, int64_t end) {
      for (int64_t i = b; i < end; ++i) {
        int ex = 0;
        m[i] = static_cast<T>(std::frexp(static_cast<opmath_t<T>>(x[i]), &ex));
        e[i] = ex;
      }
    });
  });
  return {mantissa, exponent};
}
std::tuple<Tensor&, Tensor&> frexp_out(Tensor& mantissa, Tensor& exponent, const Tensor& self) {
  auto [m, e] = frexp(self);
  EMBER_CHECK(mantissa.dtype() == self.dtype(), "torch.frexp() expects mantissa to have dtype ", self.dtype(),
              " but got ", mantissa.dtype());
  EMBER_CHECK(exponent.dtype() == kInt, "torch.frexp() expects exponent to have int dtype but got ",
              exponent.dtype());
  indexing_detail::resizeOut(mantissa, m.sizes());
  indexing_detail::resizeOut(exponent, e.sizes());
  copy_(mantissa, m);
  copy_(exponent, e);
  return {mantissa, exponent};
}

Tensor angle(const Tensor& self) { return angleImpl(self, Dest::fresh()); }
Tensor& angle_out(Tensor& out, const Tensor& self) {
  detail::noteWrite(out);
  angleImpl(self, Dest::into(out));
  return out;
}

Tensor conj_physical(const Tensor& self) { return self.is_complex() ? complexConj(self) : ember::clone(self); }
Tensor& conj_physical_(Tensor& self) {
  detail::noteWrite(self);
  complexConjInplace(self);
  return self;
}
Tensor& conj_physical_out(Tensor& out, const Tensor& self) {
  detail::noteWrite(out);
  if (self.is_complex()) {
    EMBER_CHECK(out.dtype() == self.dtype(), "Found dtype ", out.dtype(), " but expected ", self.dtype());
    resizeOutput(out, self.sizes(), self.strides());
    copy_(out, self);
    complexConjInplace(out);
    return out;
  }
  Elementwise it(ResultRule::Promote);
  unary_detail::buildUnary(it, self, Dest::into(out));
  visitDtype(it.computeDtype(), [&]<typename T>() { it.run1<T, T>([](opmath_t<T> x) { return x; }); });
  it.finish();
  return out;
}

}  // namespace ember
