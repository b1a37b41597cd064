// Comparisons (eq, ne, lt, le, gt, ge), logical and/or/xor, bitwise and/or/xor and shifts.
#include "ember/tensor/ops/pointwise.h"
#include "complex_dispatch.h"
#include "complex_kernels.h"
#include "pointwise_common.h"

namespace ember {

namespace {

constexpr PwSpec kPromote{ResultRule::Promote, false};
// Bool results fit any out= dtype.
constexpr PwSpec kBoolResult{ResultRule::Bool, true};

enum class Cmp { Eq, Ne, Lt, Le, Gt, Ge };

// Integral and bool elements are equal exactly when their bits are, and and/or/xor act on bits:
// those ops run on unsigned integers of the element's width, one loop per width rather than one
// per dtype (libember.so's size). Returns false, doing nothing, for other dtypes.
template <typename Fn>
bool visitIntegralWidth(ScalarType t, Fn&& fn) {
  if (!isIntegralType(t, /*includeBool=*/true)) return false;
  switch (elementSize(t)) {
    case 1: fn.template operator()<uint8_t>(); break;
    case 2: fn.template operator()<uint16_t>(); break;
    case 4: fn.template operator()<uint32_t>(); break;
    default: fn.template operator()<uint64_t>(); break;
  }
  return true;
}

template <Cmp C>
void compareKernel(Elementwise& it) {
  if constexpr (C == Cmp::Eq || C == Cmp::Ne) {
    if (isComplexType(it.computeDtype())) return complex_detail::equal(it, C == Cmp::Ne);
    if (visitIntegralWidth(it.computeDtype(), [&]<typename U>() {
          it.run2<bool, U, U>([](U a, U b) { return C == Cmp::Eq ? a == b : a != b; });
        }))
      return;
  }
  visitDtype(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    if constexpr ((C == Cmp::Eq || C == Cmp::Ne) && std::is_integral_v<T>) {
      EMBER_UNREACHABLE("integral eq/ne run by width");
    } else {
      it.run2<bool, T, T>([](M a, M b) {
        if constexpr (C == Cmp::Eq) return a == b;
        else if constexpr (C == Cmp::Ne) return a != b;
        else if constexpr (C == Cmp::Lt) return a < b;
        else if constexpr (C == Cmp::Le) return a <= b;
        else if constexpr (C == Cmp::Gt) return a > b;
        else return a >= b;
      });
    }
  }, "comparison_cpu");
}

enum class Logic { And, Or, Xor };

template <Logic L>
void logicalKernel(Elementwise& it) {
  visitDtypeOrComplex(it.computeDtype(), [&]<typename T>() {
    using M = opmath_t<T>;
    it.run2<bool, T, T>([](M a, M b) {
      bool x = a != M(0), y = b != M(0);
      if constexpr (L == Logic::And) return x && y;
      else if constexpr (L == Logic::Or) return x || y;
      else return x != y;
    });
  }, "logical_cpu");
}

enum class Bit { And, Or, Xor, Lshift, Rshift };

constexpr const char* bitName(Bit b) {
  switch (b) {
    case Bit::And: return "bitwise_and_cpu";
    case Bit::Or: return "bitwise_or_cpu";
    case Bit::Xor: return "bitwise_xor_cpu";
    case Bit::Lshift: return "lshift_cpu";
    case Bit::Rshift: return "rshift_cpu";
  }
  return "";
}

// Shifts as PyTorch's scalar CPU loop computes them on x86: the count is taken modulo the
// width of the promoted operand (32 bits for int8..int32, 64 for int64).
template <typename T>
T shiftLeft(T a, T b) {
  using U = std::make_unsigned_t<T>;
  using P = decltype(U(a) << 0);
  constexpr int64_t mask = sizeof(P) * 8 - 1;
  const int sh = static_cast<int>(static_cast<int64_t>(b) & mask);
  return static_cast<T>(static_cast<std::make_unsigned_t<P>>(U(a)) << sh);
}
template <typename T>
T shiftRight(T a, T b) {
  using P = decltype(a >> 0);
  constexpr int64_t mask = sizeof(P) * 8 - 1;
  const int sh = static_cast<int>(static_cast<int64_t>(b) & mask);
  return static_cast<T>(static_cast<P>(a) >> sh);
}

template <Bit B>
void bitwiseKernel(Elementwise& it) {
  constexpr bool kShift = B == Bit::Lshift || B == Bit::Rshift;
  if constexpr (!kShift) {
    if (!visitIntegralWidth(it.computeDtype(), [&]<typename U>() {
          it.run2<U, U, U>([](U a, U b) -> U {
            if constexpr (B == Bit::And) return static_cast<U>(a & b);
            else if constexpr (B == Bit::Or) return static_cast<U>(a | b);
            else return static_cast<U>(a ^ b);
          });
        }))
      throwUnsupportedDtype(bitName(B), it.computeDtype());
  } else {
    visitIntegralDtype(it.computeDtype(), [&]<typename T>() {
      if constexpr (std::is_same_v<T, bool>) {
        EMBER_UNREACHABLE("bool shift");
      } else {
        it.run2<T, T, T>([](T a, T b) -> T {
          if constexpr (B == Bit::Lshift) return shiftLeft(a, b);
          else return shiftRight(a, b);
        });
      }
    }, /*includeBool=*/false, bitName(B));
  }
}

}  // namespace

#define EMBER_DEFINE_COMPARISON(op, C)                                                         \
  Tensor op(const Tensor& self, const Tensor& other) {                                         \
    return pwOp(kBoolResult, compareKernel<C>, self, other);                                   \
  }                                                                                            \
  Tensor op(const Tensor& self, const Scalar& other) {                                         \
    return pwOp(kBoolResult, compareKernel<C>, self, other);                                   \
  }                                                                                            \
  Tensor& op##_(Tensor& self, const Tensor& other) {                                           \
    return pwInplace(self, kBoolResult, compareKernel<C>, other);                              \
  }                                                                                            \
  Tensor& op##_(Tensor& self, const Scalar& other) {                                           \
    return pwInplace(self, kBoolResult, compareKernel<C>, other);                              \
  }                                                                                            \
  Tensor& op##_out(Tensor& out, const Tensor& self, const Tensor& other) {                     \
    return pwOut(out, kBoolResult, compareKernel<C>, self, other);                             \
  }                                                                                            \
  Tensor& op##_out(Tensor& out, const Tensor& self, const Scalar& other) {                     \
    return pwOut(out, kBoolResult, compareKernel<C>, self, other);                             \
  }                                                                                            \
  Tensor Tensor::op(const Tensor& other) const { return ember::op(*this, other); }             \
  Tensor Tensor::op(const Scalar& other) const { return ember::op(*this, other); }             \
  Tensor& Tensor::op##_(const Tensor& other) { return ember::op##_(*this, other); }            \
  Tensor& Tensor::op##_(const Scalar& other) { return ember::op##_(*this, other); }
EMBER_DEFINE_COMPARISON(eq, Cmp::Eq)
EMBER_DEFINE_COMPARISON(ne, Cmp::Ne)
EMBER_DEFINE_COMPARISON(lt, Cmp::Lt)
EMBER_DEFINE_COMPARISON(le, Cmp::Le)
EMBER_DEFINE_COMPARISON(gt, Cmp::Gt)
EMBER_DEFINE_COMPARISON(ge, Cmp::Ge)
#undef EMBER_DEFINE_COMPARISON

#define EMBER_DEFINE_LOGICAL(op, L)                                                            \
  Tensor op(const Tensor& self, const Tensor& other) {                                         \
    return pwOp(kBoolResult, logicalKernel<L>, self, other);                                   \
  }                                                                                            \
  Tensor& op##_(Tensor& self, const Tensor& other) {                                           \
    return pwInplace(self, kBoolResult, logicalKernel<L>, other);                              \
  }                                                                                            \
  Tensor& op##_out(Tensor& out, const Tensor& self, const Tensor& other) {                     \
    return pwOut(out, kBoolResult, logicalKernel<L>, self, other);                             \
  }                                                                                            \
  Tensor Tensor::op(const Tensor& other) const { return ember::op(*this, other); }             \
  Tensor& Tensor::op##_(const Tensor& other) { return ember::op##_(*this, other); }
EMBER_DEFINE_LOGICAL(logical_and, Logic::And)
EMBER_DEFINE_LOGICAL(logical_or, Logic::Or)
EMBER_DEFINE_LOGICAL(logical_xor, Logic::Xor)
#undef EMBER_DEFINE_LOGICAL

#define EMBER_DEFINE_BITWISE(op, B)                                                            \
  Tensor op(const Tensor& self, const Tensor& other) {                                         \
    return pwOp(kPromote, bitwiseKernel<B>, self, other);                                      \
  }                                                                                            \
  Tensor op(const Tensor& self, const Scalar& other) {                                         \
    return pwOp(kPromote, bitwiseKernel<B>, self, other);                                      \
  }                                                                                            \
  Tensor op(const Scalar& self, const Tensor& other) {                                         \
    return pwOp(kPromote, bitwiseKernel<B>, self, other);                                      \
  }                                                                                            \
  Tensor& op##_(Tensor& self, const Tensor& other) {                                           \
    return pwInplace(self, kPromote, bitwiseKernel<B>, other);                                 \
  }                                                                                            \
  Tensor& op##_(Tensor& self, const Scalar& other) {                                           \
    return pwInplace(self, kPromote, bitwiseKernel<B>, other);                                 \
  }                                                                                            \
  Tensor& op##_out(Tensor& out, const Tensor& self, const Tensor& other) {                     \
    return pwOut(out, kPromote, bitwiseKernel<B>, self, other);                                \
  }                                                                                            \
  Tensor Tensor::op(const Tensor& other) const { return ember::op(*this, other); }             \
  Tensor Tensor::op(const Scalar& other) const { return ember::op(*this, other); }             \
  Tensor& Tensor::op##_(const Tensor& other) { return ember::op##_(*this, other); }            \
  Tensor& Tensor::op##_(const Scalar& other) { return ember::op##_(*this, other); }
EMBER_DEFINE_BITWISE(bitwise_and, Bit::And)
EMBER_DEFINE_BITWISE(bitwise_or, Bit::Or)
EMBER_DEFINE_BITWISE(bitwise_xor, Bit::Xor)
EMBER_DEFINE_BITWISE(bitwise_left_shift, Bit::Lshift)
EMBER_DEFINE_BITWISE(bitwise_right_shift, Bit::Rshift)
#undef EMBER_DEFINE_BITWISE

}  // namespace ember
