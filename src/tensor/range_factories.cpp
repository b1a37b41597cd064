// Range factories: arange, linspace, logspace, eye.
//
// PyTorch's CPU kernels for arange and linspace compute most elements in vector groups: each
// group of V lanes (V = 32 bytes / element size, the AVX2 width PyTorch's x86 builds dispatch
// to) starts from a base rounded to the element type and adds lane * step to it, with the
// multiply-add fused; the tail that does not fill a pair of groups is computed element by
// element. The rounding of every element depends on that, so ember reproduces the grouping
// to give bit-identical values.
#include <cmath>
#include <limits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "scalar_convert.h"

namespace ember {

namespace {

// The accumulation type PyTorch's CPU arange uses.
template <typename T>
using ArangeAcc = std::conditional_t<std::is_integral_v<T>, int64_t,
                                     std::conditional_t<std::is_same_v<T, double> || std::is_same_v<T, float>,
                                                         double, float>>;

template <typename T>
constexpr int64_t vecLanes() {
  return sizeof(T) == 2 && !std::is_integral_v<T> ? 16 : static_cast<int64_t>(32 / sizeof(T));
}

// Fused a * b + c in the accumulation type (integers do not round, so plain arithmetic).
template <typename A>
A fusedMulAdd(A a, A b, A c) {
  if constexpr (std::is_floating_point_v<A>) return std::fma(a, b, c);
  else return static_cast<A>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b) + static_cast<uint64_t>(c));
}

// Number of elements that take the grouped path for a run of n elements.
template <typename T>
int64_t groupedCount(int64_t n) {
  constexpr int64_t pair = 2 * vecLanes<T>();
  return n - n % pair;
}

bool isIntegerLike(const Scalar& s) { return !s.isFloatingPoint(); }

}  // namespace

int64_t arangeLength(const Scalar& start, const Scalar& end, const Scalar& step, ScalarType dtype) {
  return visitNumericDtype(dtype, [&]<typename T>() -> int64_t {
    using A = ArangeAcc<T>;
    A xstart = start.to<A>(), xend = end.to<A>(), xstep = step.to<A>();
    double sized;
    if constexpr (std::is_same_v<T, int64_t>) {
      sized = std::ceil(static_cast<double>(xend - xstart) / static_cast<double>(xstep));
    } else {
      sized = std::ceil((end.toDouble() - start.toDouble()) / step.toDouble());
    }
    EMBER_CHECK(xstep > 0 || xstep < 0, "step must be nonzero");
    EMBER_CHECK(std::isfinite(static_cast<double>(xstart)) && std::isfinite(static_cast<double>(xend)),
                "unsupported range: ", xstart, " -> ", xend);
    EMBER_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
                "upper bound and larger bound inconsistent with step sign");
    EMBER_CHECK(sized >= 0 && sized <= static_cast<double>(std::numeric_limits<int64_t>::max()),
                "invalid size, possible overflow?");
    return static_cast<int64_t>(sized);
  }, "arange_cpu");
}

Tensor arange(const Scalar& end, TensorOptions options) { return arange(Scalar(int64_t{0}), end, Scalar(int64_t{1}), options); }

Tensor arange(const Scalar& start, const Scalar& end, TensorOptions options) {
  return arange(start, end, Scalar(int64_t{1}), options);
}

Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, TensorOptions options) {
  if (!options.dtype_) {
    bool ints = isIntegerLike(start) && isIntegerLike(end) && isIntegerLike(step);
    options.dtype_ = ints ? kLong : defaultDtype();
  }
  ScalarType dtype = *options.dtype_;
  EMBER_CHECK(dtype != kBool, "\"arange_cpu\" not implemented for 'Bool'");
  int64_t n = arangeLength(start, end, step, dtype);
  Tensor out = empty({n}, options);
  visitNumericDtype(dtype, [&]<typename T>() {
    using A = ArangeAcc<T>;
    const A xstart = start.to<A>(), xstep = step.to<A>();
    constexpr int64_t lanes = vecLanes<T>();
    T* data = out.data_ptr<T>();
    const int64_t grouped = groupedCount<T>(n);
    for (int64_t g = 0; g < grouped; g += lanes) {
      const T base = static_cast<T>(fusedMulAdd(xstep, static_cast<A>(g), xstart));
      data[g] = base;
      for (int64_t j = 1; j < lanes; ++j) {
        // PyTorch adds lane * step to the base in the wider of the two types.
        using W = std::conditional_t<std::is_integral_v<T>, A, std::common_type_t<A, float>>;
        data[g + j] = static_cast<T>(fusedMulAdd(static_cast<W>(xstep), static_cast<W>(j), static_cast<W>(base)));
      }
    }
    for (int64_t i = grouped; i < n; ++i) data[i] = static_cast<T>(fusedMulAdd(xstep, static_cast<A>(i), xstart));
  }, "arange_cpu");
  return out;
}

namespace {

// One linspace element in PyTorch's formula: from the start below halfway, from the end above.
template <typename T, typename S>
T linspaceAt(T start, T end, S step, int64_t idx, int64_t steps, int64_t halfway) {
  if constexpr (std::is_floating_point_v<S>) {
    if (idx < halfway) return static_cast<T>(std::fma(step, static_cast<S>(idx), static_cast<S>(start)));
    return static_cast<T>(std::fma(-step, static_cast<S>(steps - idx - 1), static_cast<S>(end)));
  } else {  // Half / BFloat16: every operation rounds to the 16-bit type
    if (idx < halfway) return static_cast<T>(static_cast<float>(start) + static_cast<float>(static_cast<T>(static_cast<float>(step) * static_cast<float>(static_cast<T>(static_cast<float>(idx))))));
    T prod = static_cast<T>(static_cast<float>(step) * static_cast<float>(static_cast<T>(static_cast<float>(steps - idx - 1))));
    return static_cast<T>(static_cast<float>(end) - static_cast<float>(prod));
  }
}

// A lane of a linspace vector group: base + lane * step.
template <typename T, typename S>
T linspaceLane(T base, S step, int64_t lane) {
  if (lane == 0) return base;
  if constexpr (std::is_floating_point_v<S>) {
    const S prod = static_cast<S>(lane) * step;  // not fused in PyTorch's vector arange
    return static_cast<T>(static_cast<S>(base) + prod);
  } else {
    T prod = static_cast<T>(static_cast<float>(static_cast<T>(static_cast<float>(lane))) * static_cast<float>(step));
    return static_cast<T>(static_cast<float>(base) + static_cast<float>(prod));
  }
}

// A complex dtype's real counterpart, or Undefined.
ScalarType complexPartOf(ScalarType t) {
  return t == ScalarType::ComplexFloat ? kFloat : t == ScalarType::ComplexDouble ? kDouble : ScalarType::Undefined;
}

}  // namespace

Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, TensorOptions options) {
  EMBER_CHECK(steps >= 0, "number of steps must be non-negative");
  // Real ends give real points: computed in the real dtype, stored with zero imaginary parts.
  if (ScalarType part = complexPartOf(options.dtypeOrDefault()); part != ScalarType::Undefined)
    return linspace(start, end, steps, options.dtype(part)).to(*options.dtype_);
  Tensor out = empty({steps}, options);
  if (steps == 0) return out;
  if (steps == 1) return fill_(out, start);
  visitNumericDtype(out.dtype(), [&]<typename T>() {
    using S = std::conditional_t<std::is_integral_v<T>, double, T>;
    const T xstart = checkedScalarTo<T>(start), xend = checkedScalarTo<T>(end);
    S step;
    if constexpr (std::is_floating_point_v<S>) {
      step = (static_cast<S>(xend) - static_cast<S>(xstart)) / static_cast<S>(steps - 1);
    } else {
      T diff = static_cast<T>(static_cast<float>(xend) - static_cast<float>(xstart));
      step = static_cast<T>(static_cast<float>(diff) / static_cast<float>(static_cast<T>(static_cast<float>(steps - 1))));
    }
    const int64_t halfway = steps / 2;
    constexpr int64_t lanes = vecLanes<T>();
    T* data = out.data_ptr<T>();
    const int64_t grouped = groupedCount<T>(steps);
    for (int64_t g = 0; g < grouped; g += lanes) {
      const T base = linspaceAt<T, S>(xstart, xend, step, g, steps, halfway);
      for (int64_t j = 0; j < lanes; ++j) data[g + j] = linspaceLane<T, S>(base, step, j);
    }
    for (int64_t i = grouped; i < steps; ++i) data[i] = linspaceAt<T, S>(xstart, xend, step, i, steps, halfway);
  }, "linspace_cpu");
  return out;
}

Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, TensorOptions options) {
  EMBER_CHECK(steps >= 0, "number of steps must be non-negative");
  if (ScalarType part = complexPartOf(options.dtypeOrDefault()); part != ScalarType::Undefined)
    return logspace(start, end, steps, base, options.dtype(part)).to(*options.dtype_);
  Tensor out = empty({steps}, options);
  if (steps == 0) return out;
  visitNumericDtype(out.dtype(), [&]<typename T>() {
    T* data = out.data_ptr<T>();
    if (steps == 1) {
      data[0] = static_cast<T>(std::pow(base, start.toDouble()));
      return;
    }
    using S = std::conditional_t<std::is_integral_v<T>, double, opmath_t<T>>;
    // The exponents' ends are taken in the result dtype first, as PyTorch does: integers
    // truncated (logspace(0, 1.2, 2) is 1, 10), half and bfloat16 rounded; the steps between
    // them stay fractional.
    const S xstart = static_cast<S>(start.to<T>()), xend = static_cast<S>(end.to<T>());
    const S step = (xend - xstart) / static_cast<S>(steps - 1);
    const int64_t halfway = steps / 2;
    for (int64_t i = 0; i < steps; ++i) {
      S e = i < halfway ? xstart + step * static_cast<S>(i) : xend - step * static_cast<S>(steps - i - 1);
      data[i] = static_cast<T>(std::pow(base, static_cast<double>(e)));
    }
  }, "logspace_cpu");
  return out;
}

Tensor eye(int64_t n, TensorOptions options) { return eye(n, n, options); }

Tensor eye(int64_t n, int64_t m, TensorOptions options) {
  EMBER_CHECK(n >= 0, "n must be greater or equal to 0, got ", n);
  EMBER_CHECK(m >= 0, "m must be greater or equal to 0, got ", m);
  Tensor out = zeros({n, m}, options);
  visitDtype(out.dtype(), [&]<typename T>() {
    T* data = out.data_ptr<T>();
    for (int64_t i = 0; i < std::min(n, m); ++i) data[i * m + i] = static_cast<T>(1);
  }, "eye");
  return out;
}

}  // namespace ember
