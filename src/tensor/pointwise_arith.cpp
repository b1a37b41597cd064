// add, sub, rsub, mul, div (true, trunc, floor), true_divide, floor_divide, remainder, fmod.
#include <cmath>
#include <limits>

#include "ember/tensor/ops/pointwise.h"
#include "complex_kernels.h"
#include "kernels/binary_kernels.h"
#include "pointwise_common.h"
#include "pointwise_fastpath.h"
#include "tensor/storage_watch.h"

namespace ember {

namespace {

constexpr PwSpec kPromote{ResultRule::Promote, false};
constexpr PwSpec kToFloat{ResultRule::PromoteIntToFloat, false};

// The vectorised float32/float64 path; false when the dtype has none.
bool runFloatArith(Elementwise& it, BinaryArithOp op, double alpha) {
  BinaryRowsKernelFn fn = floatBinaryRowsKernel(op, it.computeDtype());
  if (!fn || it.output().dtype() != it.computeDtype()) return false;
  it.runRawRows([fn, alpha](char* const* p, const int64_t* s, int64_t n, int64_t rows, const int64_t* rs) {
    fn(p, s, n, rows, rs, alpha);
  });
  return true;
}

void checkAlpha(ScalarType dtype, const Scalar& alpha) {
  EMBER_CHECK(!alpha.isComplex(), "For non-complex input tensors, argument alpha must not be a complex number.");
  EMBER_CHECK(!alpha.isBoolean() || dtype == ScalarType::Bool, "Boolean alpha only supported for Boolean results.");
  EMBER_CHECK(isFloatingType(dtype) || alpha.isIntegral(true),
              "For integral input tensors, argument alpha must not be a floating point number.");
}

void addKernel(Elementwise& it, const Scalar& alpha, bool negate) {
  const ScalarType dt = it.computeDtype();
  if (isComplexType(dt)) return complex_detail::add(it, alpha, negate);
  checkAlpha(dt, alpha);
  if (isFloatingType(dt) && runFloatArith(it, BinaryArithOp::Add, negate ? -alpha.toDouble() : alpha.toDouble()))
    return;
  visitDtype(dt, [&]<typename T>() {
    using M = opmath_t<T>;
    const M al = alpha.to<M>();
    if constexpr (std::is_same_v<T, bool>) {
      it.run2<T, T, T>([al](bool a, bool b) { return a || (al && b); });
    } else if (negate) {
      it.run2<T, T, T>([al](M a, M b) { return wrapSub(a, wrapMul(al, b)); });
    } else if (al == M(1)) {
      it.run2<T, T, T>([](M a, M b) { return wrapAdd(a, b); });
    } else {
      it.run2<T, T, T>([al](M a, M b) { return wrapAdd(a, wrapMul(al, b)); });
    }
  }, "add_cpu/sub_cpu");
}

void checkSub(const Elementwise& it, const PwArg& a, const PwArg& b) {
  auto isBool = [](const PwArg& x) { return x.tensor ? x.tensor->dtype() == ScalarType::Bool : x.scalar.isBoolean(); };
  EMBER_CHECK(!(isBool(a) && isBool(b)),
              "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
              "`logical_xor()` operator instead.");
  EMBER_CHECK(!(isBool(a) || isBool(b)),
              "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert "
              "a mask, use the `~` or `logical_not()` operator instead.");
  (void)it;
}

void mulKernel(Elementwise& it) {
  const ScalarType dt = it.computeDtype();
  if (isComplexType(dt)) return complex_detail::mul(it);
  if (isFloatingType(dt) && runFloatArith(it, BinaryArithOp::Mul, 1.0)) return;
  visitDtype(dt, [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (std::is_same_v<T, bool>) it.run2<T, T, T>([](bool a, bool b) { return a && b; });
    else it.run2<T, T, T>([](M a, M b) { return wrapMul(a, b); });
  }, "mul_cpu");
}

void trueDivKernel(Elementwise& it) {
  const ScalarType dt = it.computeDtype();
  if (isComplexType(dt)) return complex_detail::div(it);
  if (runFloatArith(it, BinaryArithOp::Div, 1.0)) return;
  visitFloatingDtype(dt, [&]<typename T>() {
    using M = opmath_t<T>;
    it.run2<T, T, T>([](M a, M b) { return a / b; });
  }, "div_true_cpu");
}

[[noreturn]] void throwZeroDivision() { EMBER_ERROR("ZeroDivisionError"); }

template <typename T>
T truncDivInt(T a, T b) {
  if (EMBER_UNLIKELY(b == 0)) throwZeroDivision();
  if (b == T(-1)) return wrapSub(T(0), a);  // avoids the INT_MIN / -1 trap
  return static_cast<T>(a / b);
}

template <typename T>
T floorDivInt(T a, T b) {
  if (EMBER_UNLIKELY(b == 0)) throwZeroDivision();
  if (b == T(-1)) return wrapSub(T(0), a);
  T q = static_cast<T>(a / b);
  if constexpr (std::is_signed_v<T>) {
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  }
  return q;
}

// Python's float floor division: exact quotient via fmod, rounded down. Each step is rounded to
// the tensor's type T, as PyTorch computes it in float16/bfloat16 arithmetic for those types.
template <typename T, typename M>
M floorDivFloat(M a, M b) {
  auto round = [](M x) { return static_cast<M>(static_cast<T>(x)); };
  if (EMBER_UNLIKELY(b == 0)) return a / b;
  M mod = std::fmod(a, b);
  M div = round(round(a - mod) / b);
  if (mod != 0 && ((b < 0) != (mod < 0))) div = round(div - M(1));
  if (div == 0) return std::copysign(M(0), a / b);
  M fl = std::floor(div);
  if (round(div - fl) > M(0.5)) fl += M(1);
  return fl;
}

void truncDivKernel(Elementwise& it) {
  visitNumericDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (std::is_integral_v<T>) it.run2<T, T, T>([](T a, T b) { return truncDivInt(a, b); });
    // PyTorch divides in the tensor's own type (a float16/bfloat16 quotient is rounded to it) and
    // truncates that: trunc(bf16(4.988)) is 5, not 4.
    else it.run2<T, T, T>([](M a, M b) { return std::trunc(static_cast<M>(static_cast<T>(a / b))); });
  }, "div_trunc_cpu");
}

void floorDivKernel(Elementwise& it) {
  visitNumericDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (std::is_integral_v<T>) it.run2<T, T, T>([](T a, T b) { return floorDivInt(a, b); });
    else it.run2<T, T, T>([](M a, M b) { return floorDivFloat<T>(a, b); });
  }, "div_floor_cpu");
}

enum class DivMode { True, Trunc, Floor };

DivMode parseMode(std::optional<std::string_view> mode) {
  if (!mode) return DivMode::True;
  if (*mode == "trunc") return DivMode::Trunc;
  if (*mode == "floor") return DivMode::Floor;
  EMBER_CHECK(false, "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '", *mode, "'");
  return DivMode::True;
}

void divKernel(Elementwise& it, DivMode mode) {
  switch (mode) {
    case DivMode::True: return trueDivKernel(it);
    case DivMode::Trunc: return truncDivKernel(it);
    case DivMode::Floor: return floorDivKernel(it);
  }
}

PwSpec divSpec(DivMode mode) { return mode == DivMode::True ? kToFloat : kPromote; }

void remainderKernel(Elementwise& it) {
  visitNumericDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (std::is_integral_v<T>) {
      it.run2<T, T, T>([](T a, T b) -> T {
        if (EMBER_UNLIKELY(b == 0)) throwZeroDivision();
        if (b == T(-1)) return 0;
        T r = static_cast<T>(a % b);
        if constexpr (std::is_signed_v<T>) {
          if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
        }
        return r;
      });
    } else {
      it.run2<T, T, T>([](M a, M b) {
        M r = std::fmod(a, b);
        if (r != 0 && ((b < 0) != (r < 0))) r += b;
        return r;
      });
    }
  }, "remainder_cpu");
}

void fmodKernel(Elementwise& it) {
  visitNumericDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr (std::is_integral_v<T>) {
      it.run2<T, T, T>([](T a, T b) -> T {
        if (EMBER_UNLIKELY(b == 0)) throwZeroDivision();
        if (b == T(-1)) return 0;
        return static_cast<T>(a % b);
      });
    } else {
      it.run2<T, T, T>([](M a, M b) { return std::fmod(a, b); });
    }
  }, "fmod_cpu");
}

}  // namespace

// ---- add / sub / rsub ----
Tensor add(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  if (Tensor r = detail::trySmallSameTypeArith(self, other, alpha, detail::FastArith::Add); r.defined()) return r;
  return pwOp(kPromote, [&](Elementwise& it) { addKernel(it, alpha, false); }, self, other);
}
Tensor add(const Tensor& self, const Scalar& other, const Scalar& alpha) {
  if (Tensor r = detail::trySmallFloatScalarArith(self, other, alpha, detail::FastArith::Add); r.defined()) return r;
  return pwOp(kPromote, [&](Elementwise& it) { addKernel(it, alpha, false); }, self, other);
}
Tensor& add_(Tensor& self, const Tensor& other, const Scalar& alpha) {
  detail::noteWrite(self);
  return pwInplace(self, kPromote, [&](Elementwise& it) { addKernel(it, alpha, false); }, other);
}
Tensor& add_(Tensor& self, const Scalar& other, const Scalar& alpha) {
  detail::noteWrite(self);
  return pwInplace(self, kPromote, [&](Elementwise& it) { addKernel(it, alpha, false); }, other);
}
Tensor& add_out(Tensor& out, const Tensor& self, const Tensor& other, const Scalar& alpha) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, [&](Elementwise& it) { addKernel(it, alpha, false); }, self, other);
}

Tensor sub(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  if (Tensor r = detail::trySmallSameTypeArith(self, other, alpha, detail::FastArith::Sub); r.defined()) return r;
  return pwOp(kPromote, [&](Elementwise& it) { checkSub(it, self, other); addKernel(it, alpha, true); }, self, other);
}
Tensor sub(const Tensor& self, const Scalar& other, const Scalar& alpha) {
  if (Tensor r = detail::trySmallFloatScalarArith(self, other, alpha, detail::FastArith::Sub); r.defined()) return r;
  return pwOp(kPromote, [&](Elementwise& it) { checkSub(it, self, other); addKernel(it, alpha, true); }, self, other);
}
Tensor& sub_(Tensor& self, const Tensor& other, const Scalar& alpha) {
  detail::noteWrite(self);
  return pwInplace(self, kPromote, [&](Elementwise& it) { checkSub(it, self, other); addKernel(it, alpha, true); },
                   other);
}
Tensor& sub_(Tensor& self, const Scalar& other, const Scalar& alpha) {
  detail::noteWrite(self);
  return pwInplace(self, kPromote, [&](Elementwise& it) { checkSub(it, self, other); addKernel(it, alpha, true); },
                   other);
}
Tensor& sub_out(Tensor& out, const Tensor& self, const Tensor& other, const Scalar& alpha) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, [&](Elementwise& it) { checkSub(it, self, other); addKernel(it, alpha, true); }, self,
               other);
}
Tensor subtract(const Tensor& self, const Tensor& other, const Scalar& alpha) { return sub(self, other, alpha); }

Tensor rsub(const Tensor& self, const Tensor& other, const Scalar& alpha) { return sub(other, self, alpha); }
Tensor rsub(const Tensor& self, const Scalar& other, const Scalar& alpha) {
  return pwOp(kPromote, [&](Elementwise& it) { checkSub(it, other, self); addKernel(it, alpha, true); }, other, self);
}

// ---- mul ----
Tensor mul(const Tensor& self, const Tensor& other) {
  if (Tensor r = detail::trySmallSameTypeArith(self, other, 1, detail::FastArith::Mul); r.defined()) return r;
  return pwOp(kPromote, mulKernel, self, other);
}
Tensor mul(const Tensor& self, const Scalar& other) {
  if (Tensor r = detail::trySmallFloatScalarArith(self, other, 1, detail::FastArith::Mul); r.defined()) return r;
  return pwOp(kPromote, mulKernel, self, other);
}
Tensor& mul_(Tensor& self, const Tensor& other) { return pwInplace(self, kPromote, mulKernel, other); }
Tensor& mul_(Tensor& self, const Scalar& other) { return pwInplace(self, kPromote, mulKernel, other); }
Tensor& mul_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, mulKernel, self, other);
}
Tensor multiply(const Tensor& self, const Tensor& other) { return mul(self, other); }

// ---- div ----
Tensor div(const Tensor& self, const Tensor& other, std::optional<std::string_view> rounding_mode) {
  DivMode m = parseMode(rounding_mode);
  return pwOp(divSpec(m), [m](Elementwise& it) { divKernel(it, m); }, self, other);
}
Tensor div(const Tensor& self, const Scalar& other, std::optional<std::string_view> rounding_mode) {
  DivMode m = parseMode(rounding_mode);
  return pwOp(divSpec(m), [m](Elementwise& it) { divKernel(it, m); }, self, other);
}
Tensor& div_(Tensor& self, const Tensor& other, std::optional<std::string_view> rounding_mode) {
  detail::noteWrite(self);
  DivMode m = parseMode(rounding_mode);
  return pwInplace(self, divSpec(m), [m](Elementwise& it) { divKernel(it, m); }, other);
}
Tensor& div_(Tensor& self, const Scalar& other, std::optional<std::string_view> rounding_mode) {
  detail::noteWrite(self);
  DivMode m = parseMode(rounding_mode);
  return pwInplace(self, divSpec(m), [m](Elementwise& it) { divKernel(it, m); }, other);
}
Tensor& div_out(Tensor& out, const Tensor& self, const Tensor& other, std::optional<std::string_view> rounding_mode) {
  detail::noteWrite(out);
  DivMode m = parseMode(rounding_mode);
  return pwOut(out, divSpec(m), [m](Elementwise& it) { divKernel(it, m); }, self, other);
}
Tensor divide(const Tensor& self, const Tensor& other, std::optional<std::string_view> rounding_mode) {
  return div(self, other, rounding_mode);
}
Tensor true_divide(const Tensor& self, const Tensor& other) { return div(self, other); }
Tensor true_divide(const Tensor& self, const Scalar& other) { return div(self, other); }
Tensor& true_divide_(Tensor& self, const Tensor& other) { return div_(self, other); }
Tensor& true_divide_(Tensor& self, const Scalar& other) { return div_(self, other); }
Tensor& true_divide_out(Tensor& out, const Tensor& self, const Tensor& other) { return div_out(out, self, other); }
Tensor floor_divide(const Tensor& self, const Tensor& other) { return div(self, other, "floor"); }
Tensor floor_divide(const Tensor& self, const Scalar& other) { return div(self, other, "floor"); }
Tensor& floor_divide_(Tensor& self, const Tensor& other) { return div_(self, other, "floor"); }
Tensor& floor_divide_(Tensor& self, const Scalar& other) { return div_(self, other, "floor"); }
Tensor& floor_divide_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return div_out(out, self, other, "floor");
}

// ---- remainder / fmod ----
Tensor remainder(const Tensor& self, const Tensor& other) { return pwOp(kPromote, remainderKernel, self, other); }
Tensor remainder(const Tensor& self, const Scalar& other) { return pwOp(kPromote, remainderKernel, self, other); }
Tensor remainder(const Scalar& self, const Tensor& other) { return pwOp(kPromote, remainderKernel, self, other); }
Tensor& remainder_(Tensor& self, const Tensor& other) { return pwInplace(self, kPromote, remainderKernel, other); }
Tensor& remainder_(Tensor& self, const Scalar& other) { return pwInplace(self, kPromote, remainderKernel, other); }
Tensor& remainder_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, remainderKernel, self, other);
}
Tensor fmod(const Tensor& self, const Tensor& other) { return pwOp(kPromote, fmodKernel, self, other); }
Tensor fmod(const Tensor& self, const Scalar& other) { return pwOp(kPromote, fmodKernel, self, other); }
Tensor& fmod_(Tensor& self, const Tensor& other) { return pwInplace(self, kPromote, fmodKernel, other); }
Tensor& fmod_(Tensor& self, const Scalar& other) { return pwInplace(self, kPromote, fmodKernel, other); }
Tensor& fmod_out(Tensor& out, const Tensor& self, const Tensor& other) {
  detail::noteWrite(out);
  return pwOut(out, kPromote, fmodKernel, self, other);
}

}  // namespace ember
