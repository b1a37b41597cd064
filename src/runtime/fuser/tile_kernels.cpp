// Tile primitives (see tile_kernels.h). The loops specialise on which operands are uniform
// (byte stride 0) so the compiler vectorises the common shapes.
#include "runtime/fuser/tile_kernels.h"

#include <cstdint>
#include <limits>
#include <type_traits>

#include "tensor/dtype_convert.h"
#include "tensor/pointwise_common.h"

namespace ember::jit {
namespace {

template <typename O, typename A, typename F>
void loop1(char* const* p, const int64_t* s, int64_t n, F f) {
  O* __restrict o = reinterpret_cast<O*>(p[0]);
  const A* a = reinterpret_cast<const A*>(p[1]);
  if (s[1] == 0) {
    const O v = f(a[0]);
    for (int64_t i = 0; i < n; ++i) o[i] = v;
  } else {
    for (int64_t i = 0; i < n; ++i) o[i] = f(a[i]);
  }
}

template <typename O, typename A, typename B, typename F>
void loop2(char* const* p, const int64_t* s, int64_t n, F f) {
  O* __restrict o = reinterpret_cast<O*>(p[0]);
  const A* a = reinterpret_cast<const A*>(p[1]);
  const B* b = reinterpret_cast<const B*>(p[2]);
  if (s[1] != 0 && s[2] != 0) {
    for (int64_t i = 0; i < n; ++i) o[i] = f(a[i], b[i]);
  } else if (s[1] != 0) {
    const B bv = b[0];
    for (int64_t i = 0; i < n; ++i) o[i] = f(a[i], bv);
  } else if (s[2] != 0) {
    const A av = a[0];
    for (int64_t i = 0; i < n; ++i) o[i] = f(av, b[i]);
  } else {
    const O v = f(a[0], b[0]);
    for (int64_t i = 0; i < n; ++i) o[i] = v;
  }
}

template <typename T>
void whereLoop(char* const* p, const int64_t* s, int64_t n, const TileInstr&) {
  T* __restrict o = reinterpret_cast<T*>(p[0]);
  const bool* c = reinterpret_cast<const bool*>(p[1]);
  const T* a = reinterpret_cast<const T*>(p[2]);
  const T* b = reinterpret_cast<const T*>(p[3]);
  const int64_t sc = s[1] ? 1 : 0, sa = s[2] ? 1 : 0, sb = s[3] ? 1 : 0;
  if (sc && sa && sb) {
    for (int64_t i = 0; i < n; ++i) o[i] = c[i] ? a[i] : b[i];
  } else if (sc && !sa && !sb) {
    const T av = a[0], bv = b[0];
    for (int64_t i = 0; i < n; ++i) o[i] = c[i] ? av : bv;
  } else {
    for (int64_t i = 0; i < n; ++i) o[i] = c[i * sc] ? a[i * sa] : b[i * sb];
  }
}

template <typename T, FusedOpKind K>
void compareLoop(char* const* p, const int64_t* s, int64_t n, const TileInstr&) {
  loop2<bool, T, T>(p, s, n, [](T a, T b) -> bool {
    if constexpr (K == FusedOpKind::Eq)
      return a == b;
    else if constexpr (K == FusedOpKind::Ne)
      return a != b;
    else if constexpr (K == FusedOpKind::Lt)
      return a < b;
    else if constexpr (K == FusedOpKind::Le)
      return a <= b;
    else if constexpr (K == FusedOpKind::Gt)
      return a > b;
    else
      return a >= b;
  });
}

template <typename T>
TileFn compareFor(FusedOpKind kind) {
  switch (kind) {
    case FusedOpKind::Eq:
      return &compareLoop<T, FusedOpKind::Eq>;
    case FusedOpKind::Ne:
      return &compareLoop<T, FusedOpKind::Ne>;
    case FusedOpKind::Lt:
      return &compareLoop<T, FusedOpKind::Lt>;
    case FusedOpKind::Le:
      return &compareLoop<T, FusedOpKind::Le>;
    case FusedOpKind::Gt:
      return &compareLoop<T, FusedOpKind::Gt>;
    case FusedOpKind::Ge:
      return &compareLoop<T, FusedOpKind::Ge>;
    default:
      return nullptr;
  }
}

// pointwise_pow.cpp's maxMinKernel formula.
template <typename T, bool IsMax>
void minMaxLoop(char* const* p, const int64_t* s, int64_t n, const TileInstr&) {
  loop2<T, T, T>(p, s, n, [](T a, T b) -> T {
    if constexpr (std::is_floating_point_v<T>) {
      if (a != a || b != b) return std::numeric_limits<T>::quiet_NaN();
    }
    return IsMax ? (a > b ? a : b) : (a < b ? a : b);
  });
}

// NaN in `a` passes through: both comparisons are false for it.
template <typename T, bool HasMin, bool HasMax>
void clampLoop(char* const* p, const int64_t* s, int64_t n, const TileInstr&) {
  T* __restrict o = reinterpret_cast<T*>(p[0]);
  const T* a = reinterpret_cast<const T*>(p[1]);
  const T lo = HasMin ? *reinterpret_cast<const T*>(p[2]) : T(0);
  const T hi = HasMax ? *reinterpret_cast<const T*>(p[HasMin ? 3 : 2]) : T(0);
  const int64_t sa = s[1] ? 1 : 0;
  // A NaN bound gives NaN everywhere (pointwise_ternary.cpp's clampValue).
  if ((HasMin && lo != lo) || (HasMax && hi != hi)) {
    const T v = HasMin && lo != lo ? lo : hi;
    for (int64_t i = 0; i < n; ++i) o[i] = v;
    return;
  }
  for (int64_t i = 0; i < n; ++i) {
    T x = a[i * sa];
    if constexpr (HasMin) x = x < lo ? lo : x;
    if constexpr (HasMax) x = x > hi ? hi : x;
    o[i] = x;
  }
}

template <typename T, bool HasMin, bool HasMax>
void clampTensorLoop(char* const* p, const int64_t* s, int64_t n, const TileInstr&) {
  T* __restrict o = reinterpret_cast<T*>(p[0]);
  const T* a = reinterpret_cast<const T*>(p[1]);
  const T* b = reinterpret_cast<const T*>(p[2]);
  const T* c = reinterpret_cast<const T*>(p[HasMin && HasMax ? 3 : 2]);
  const int64_t sa = s[1] ? 1 : 0, sb = s[2] ? 1 : 0, sc = s[HasMin && HasMax ? 3 : 2] ? 1 : 0;
  for (int64_t i = 0; i < n; ++i) {
    const T x = a[i * sa];
    if constexpr (HasMin && HasMax) {
      const T lo = b[i * sb], hi = c[i * sc];
      if (lo != lo || hi != hi) {
        o[i] = std::numeric_limits<T>::quiet_NaN();
        continue;
      }
      const T y = x != x ? x : (x < lo ? lo : x);
      o[i] = y > hi ? hi : y;
    } else if constexpr (HasMin) {
      const T lo = b[i * sb];
      o[i] = lo != lo ? lo : x != x ? x : (x < lo ? lo : x);
    } else {
      const T hi = b[i * sb];
      o[i] = hi != hi ? hi : x != x ? x : (x > hi ? hi : x);
    }
  }
}

template <typename T>
TileFn clampTensorFor(bool hasMin, bool hasMax) {
  if (hasMin && hasMax) return &clampTensorLoop<T, true, true>;
  if (hasMin) return &clampTensorLoop<T, true, false>;
  if (hasMax) return &clampTensorLoop<T, false, true>;
  return nullptr;
}

template <typename T>
TileFn clampFor(bool hasMin, bool hasMax) {
  if (hasMin && hasMax) return &clampLoop<T, true, true>;
  if (hasMin) return &clampLoop<T, true, false>;
  if (hasMax) return &clampLoop<T, false, true>;
  return nullptr;
}

template <typename To, typename From>
void castLoop(char* const* p, const int64_t* s, int64_t n, const TileInstr&) {
  loop1<To, From>(p, s, n, [](From v) { return detail::convertValue<To>(v); });
}

template <typename To>
TileFn castFrom(ScalarType from) {
  switch (from) {
    case ScalarType::Float:
      return &castLoop<To, float>;
    case ScalarType::Double:
      return &castLoop<To, double>;
    case ScalarType::Long:
      return &castLoop<To, int64_t>;
    case ScalarType::Bool:
      return &castLoop<To, bool>;
    default:
      return nullptr;
  }
}

template <FusedOpKind K>
void intBinaryLoop(char* const* p, const int64_t* s, int64_t n, const TileInstr& in) {
  const int64_t al = in.alphaInt;
  loop2<int64_t, int64_t, int64_t>(p, s, n, [al](int64_t a, int64_t b) -> int64_t {
    if constexpr (K == FusedOpKind::Add)
      return al == 1 ? wrapAdd(a, b) : wrapAdd(a, wrapMul(al, b));
    else if constexpr (K == FusedOpKind::Sub)
      return wrapSub(a, wrapMul(al, b));
    else if constexpr (K == FusedOpKind::Rsub)
      return wrapSub(b, wrapMul(al, a));
    else
      return wrapMul(a, b);
  });
}

int64_t wrappingNeg(int64_t x) { return static_cast<int64_t>(uint64_t{0} - static_cast<uint64_t>(x)); }

template <UnaryOp U>
void intUnaryLoop(char* const* p, const int64_t* s, int64_t n, const TileInstr&) {
  loop1<int64_t, int64_t>(p, s, n, [](int64_t x) -> int64_t {
    if constexpr (U == UnaryOp::Abs)
      return x < 0 ? wrappingNeg(x) : x;
    else if constexpr (U == UnaryOp::Neg)
      return wrappingNeg(x);
    else
      return x < 0 ? int64_t{0} : x;
  });
}

}  // namespace

TileFn tileFloatUnary() {
  return [](char* const* p, const int64_t* s, int64_t n, const TileInstr& in) { in.unary(p, s, n, in.params); };
}

TileFn tileFloatBinary() {
  return [](char* const* p, const int64_t* s, int64_t n, const TileInstr& in) { in.binary(p, s, n, in.alpha); };
}

TileFn tileIntArith(FusedOpKind kind, UnaryOp unary) {
  switch (kind) {
    case FusedOpKind::Add:
      return &intBinaryLoop<FusedOpKind::Add>;
    case FusedOpKind::Sub:
      return &intBinaryLoop<FusedOpKind::Sub>;
    case FusedOpKind::Rsub:
      return &intBinaryLoop<FusedOpKind::Rsub>;
    case FusedOpKind::Mul:
      return &intBinaryLoop<FusedOpKind::Mul>;
    case FusedOpKind::Unary:
      if (unary == UnaryOp::Abs) return &intUnaryLoop<UnaryOp::Abs>;
      if (unary == UnaryOp::Neg) return &intUnaryLoop<UnaryOp::Neg>;
      if (unary == UnaryOp::Relu) return &intUnaryLoop<UnaryOp::Relu>;
      return nullptr;
    default:
      return nullptr;
  }
}

TileFn tileCompare(FusedOpKind kind, ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Float:
      return compareFor<float>(kind);
    case ScalarType::Double:
      return compareFor<double>(kind);
    case ScalarType::Long:
      return compareFor<int64_t>(kind);
    default:
      return nullptr;
  }
}

TileFn tileWhere(ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Float:
      return &whereLoop<float>;
    case ScalarType::Double:
      return &whereLoop<double>;
    case ScalarType::Long:
      return &whereLoop<int64_t>;
    case ScalarType::Bool:
      return &whereLoop<bool>;
    default:
      return nullptr;
  }
}

TileFn tileMinMax(bool isMax, ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Float:
      return isMax ? &minMaxLoop<float, true> : &minMaxLoop<float, false>;
    case ScalarType::Double:
      return isMax ? &minMaxLoop<double, true> : &minMaxLoop<double, false>;
    case ScalarType::Long:
      return isMax ? &minMaxLoop<int64_t, true> : &minMaxLoop<int64_t, false>;
    default:
      return nullptr;
  }
}

TileFn tileClamp(ScalarType dtype, bool hasMin, bool hasMax) {
  if (dtype == ScalarType::Float) return clampFor<float>(hasMin, hasMax);
  if (dtype == ScalarType::Double) return clampFor<double>(hasMin, hasMax);
  return nullptr;
}

TileFn tileClampTensor(ScalarType dtype, bool hasMin, bool hasMax) {
  if (dtype == ScalarType::Float) return clampTensorFor<float>(hasMin, hasMax);
  if (dtype == ScalarType::Double) return clampTensorFor<double>(hasMin, hasMax);
  return nullptr;
}

TileFn tileCast(ScalarType from, ScalarType to) {
  switch (to) {
    case ScalarType::Float:
      return castFrom<float>(from);
    case ScalarType::Double:
      return castFrom<double>(from);
    case ScalarType::Long:
      return castFrom<int64_t>(from);
    case ScalarType::Bool:
      return castFrom<bool>(from);
    default:
      return nullptr;
  }
}

}  // namespace ember::jit
