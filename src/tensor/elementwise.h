// Elementwise: the front-end every pointwise op (unary, binary, ternary) is built on. It does
// what PyTorch's TensorIterator does for CPU elementwise kernels, and nothing more:
//
//  1. dtypes: the common dtype of the promoted inputs (torch.result_type rules, see
//     type_promotion.h), turned into a compute dtype and a result dtype by a ResultRule;
//  2. shape: the broadcast of all tensor inputs (PyTorch's error text on mismatch);
//  3. output: a fresh tensor whose layout follows the inputs (`x.t() + 1` stays transposed), an
//     out= tensor (resized when its shape is wrong; "result type Float can't be cast to the
//     desired output type Long" when the result does not fit its dtype), or self for in-place ops
//     (which may not grow self: "output with shape [3] doesn't match the broadcast shape [2, 3]");
//  4. operands: every input ends up in the compute dtype. Wrapped numbers and 0-dim tensors are
//     read once and passed as a value (byte stride 0 to a buffer inside this object); tensors of
//     another dtype are converted into a contiguous temporary (rare: promotion mostly meets
//     same-dtype inputs); an out= tensor of another dtype gets a temporary result that finish()
//     casts into it.
//
// Usage (a binary op; unary and ternary ops are the same with run1/run3):
//
//   Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha) {
//     Elementwise it(ResultRule::Promote);
//     it.input(a).input(b).build();
//     visitDtype(it.computeDtype(), [&]<typename T>() {
//       using M = opmath_t<T>;
//       M al = alpha.to<M>();
//       it.run2<T, T, T>([al](M x, M y) { return x + al * y; });
//     }, "add");
//     return it.finish();
//   }
//   out=:     Elementwise it(rule); it.input(a).input(b).out(out).build(); ...; it.finish(); return out;
//   in-place: Elementwise it(rule); it.input(self).input(b).inplace(self).build(); ...; it.finish(); return self;
//
// runN<TOut, TIn...>(f) calls f with each input converted to opmath_t<TIn> (float for
// Half/BFloat16) and stores static_cast<TOut>(result). TIn must be the compute dtype's C++ type
// (or bool for an input added with fixedInput(t, kBool)); TOut is the result dtype's type
// (resultDtype(): compute dtype, or bool for ResultRule::Bool). Loops specialise contiguous
// operands and stride-0 scalars so compilers can vectorise them; the whole range is split over
// the thread pool when it exceeds kGrainSize, and small tensors run inline.
//
// For hand-vectorised kernels (SLEEF, intrinsics) use runRaw(inner): inner(char* const* ptrs,
// const int64_t* byteStrides, int64_t n) is called per innermost run; ptrs[0] is the output,
// ptrs[1..] the inputs (stride 0 for scalars). isContiguous() says whether the whole op is a
// single flat run (all operands contiguous or scalar), e.g. to pick a vector loop up front.
#pragma once

#include <array>
#include <cstring>
#include <type_traits>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/parallel.h"
#include "ember/tensor/tensor.h"
#include "dtype_convert.h"
#include "strided_loop.h"
#include "type_promotion.h"

namespace ember {

enum class ResultRule : uint8_t {
  Promote,            // compute and result in the common dtype (add, mul, maximum, abs)
  PromoteIntToFloat,  // common dtype, with bool/integral replaced by the default dtype (div, atan2, sin)
  Bool,               // compute in the common dtype, result Bool (eq, lt, logical_and, isnan)
};

// Element conversion between ember's element types, as PyTorch's CPU casts do (dtype_convert.h).
using detail::convertValue;

// Writes src (same shape as dst) into dst, converting dtypes (ember::copy_).
void castInto(const Tensor& dst, const Tensor& src);
// A contiguous copy of t converted to dtype.
Tensor castTo(const Tensor& t, ScalarType dtype);
// Makes out hold `shape` (growing its storage if needed). Keeps it as it is when the shape
// already matches; otherwise uses `strides` (the layout a fresh result would get).
void resizeOutput(const Tensor& out, IntArrayRef shape, IntArrayRef strides);
// Throws "result type X can't be cast to the desired output type Y" unless canCast(from, to).
void checkCanCastOutput(ScalarType from, ScalarType to);

class Elementwise {
 public:
  static constexpr int kMaxInputs = 3;

  explicit Elementwise(ResultRule rule) : rule_(rule) {}
  Elementwise(const Elementwise&) = delete;
  Elementwise& operator=(const Elementwise&) = delete;

  // Inputs, in the order the kernel receives them.
  Elementwise& input(const Tensor& t);
  Elementwise& input(const Scalar& s);
  // An input that does not take part in promotion and is converted to `dtype` (where's condition).
  Elementwise& fixedInput(const Tensor& t, ScalarType dtype);
  // Writes into an existing tensor: out= (resized if its shape differs) ...
  Elementwise& out(const Tensor& out);
  // ... or in-place into self, which must also be one of the inputs and may not be resized.
  Elementwise& inplace(const Tensor& self);
  // Overrides the common dtype (ops with their own dtype rule, e.g. pow(int, float scalar)).
  Elementwise& computeDtype(ScalarType t);
  // Skips the can-cast check of the out=/self dtype (ops like eq whose bool result fits anything).
  Elementwise& allowAnyOutputDtype();

  // Resolves dtypes and shape, allocates or checks the output. Call once, after the inputs.
  Elementwise& build();

  ScalarType commonDtype() const { return common_; }
  ScalarType computeDtype() const { return compute_; }
  ScalarType resultDtype() const { return resultDtype_; }
  int64_t numel() const { return numel_; }
  IntArrayRef shape() const { return shape_; }
  bool isContiguous() const { return flat_; }
  bool isScalarInput(int k) const { return scalar_[k]; }
  // The tensor the kernel writes (a temporary when the out= dtype differs from resultDtype()).
  const Tensor& output() const { return output_; }
  // Value of a scalar (or 0-dim) input, in the compute dtype.
  template <typename T>
  T scalarValue(int k) const {
    T v;
    std::memcpy(&v, scalarBuf_[k], sizeof(T));
    return v;
  }

  // Casts a temporary result into the out= tensor; returns the user-visible result.
  Tensor finish();

  template <typename TOut, typename TA, typename F>
  void run1(F f);
  template <typename TOut, typename TA, typename TB, typename F>
  void run2(F f);
  template <typename TOut, typename TA, typename TB, typename TC, typename F>
  void run3(F f);
  template <typename Inner>
  void runRaw(Inner&& inner);
  // runRaw's kernels that loop over whole runs themselves: inner(ptrs, byteStrides, n, rows,
  // rowByteStrides) covers `rows` runs of n elements, run r of operand k at ptrs[k] + r *
  // rowByteStrides[k] (a flat op is one run).
  template <typename Inner>
  void runRawRows(Inner&& inner);

 private:
  enum class Mode : uint8_t { Fresh, Out, InPlace };
  struct Input {
    const Tensor* tensor = nullptr;
    Scalar scalar;
    ScalarType fixed = ScalarType::Undefined;  // set for fixedInput
  };

  void computeTypes();
  ScalarType quickCommonDtype() const;
  ScalarType slowCommonDtype() const;
  void finishTypes();
  bool tryFlatBuild();
  void computeShape();
  void prepareOutput();
  void prepareInputs();
  DimVector propagatedStrides() const;
  DimVector broadcastStrides(const Tensor& t) const;

  // The loop over the operands (flat or strided, split over the thread pool), compiled once in
  // elementwise.cpp for every kernel: only `inner`, the per-run loop, is a template per op and
  // dtype. nOperands counts the output and the inputs.
  using RunFn = FunctionRef<void(char* const*, const int64_t*, int64_t)>;
  using RowsFn = FunctionRef<void(char* const*, const int64_t*, int64_t, int64_t, const int64_t*)>;
  void runOperands(int nOperands, RunFn inner);
  void runOperandsRows(int nOperands, RowsFn inner);
  template <size_t N>
  void runOperandsN(RowsFn inner);

  ResultRule rule_;
  Mode mode_ = Mode::Fresh;
  bool anyOutputDtype_ = false;
  bool flat_ = false;
  int nInputs_ = 0;
  int64_t numel_ = 0;
  ScalarType forcedCompute_ = ScalarType::Undefined;
  ScalarType common_ = ScalarType::Undefined;
  ScalarType compute_ = ScalarType::Undefined;
  ScalarType resultDtype_ = ScalarType::Undefined;
  std::array<Input, kMaxInputs> inputs_;
  std::array<ScalarType, kMaxInputs> inputDtype_{};  // dtype each input is converted to
  std::array<bool, kMaxInputs> scalar_{};
  std::array<Tensor, kMaxInputs> operands_;  // inputs in their kernel dtype (tensor inputs only)
  Tensor userOut_;  // out= or self
  Tensor output_;
  DimVector shape_;
  std::array<DimVector, kMaxInputs + 1> strides_;  // element strides per operand over shape_
  alignas(16) unsigned char scalarBuf_[kMaxInputs][16] = {};
};

// ---- loops ----

namespace elementwise_detail {

// Element sizes of the supported dtypes, inline for the per-op fast path.
inline int64_t elemSize(ScalarType t) {
  switch (t) {
    case ScalarType::Bool:
    case ScalarType::Byte:
    case ScalarType::Char: return 1;
    case ScalarType::Short:
    case ScalarType::Half:
    case ScalarType::BFloat16: return 2;
    case ScalarType::Int:
    case ScalarType::Float: return 4;
    default: return static_cast<int64_t>(elementSize(t));
  }
}

template <typename T>
inline opmath_t<T> load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return static_cast<opmath_t<T>>(v);
}
template <typename T, typename V>
inline void store(char* p, V v) {
  T t = convertValue<T>(v);
  std::memcpy(p, &t, sizeof(T));
}

template <typename TOut, typename TA, typename F>
void loop1(char* const* p, const int64_t* s, int64_t n, F& f) {
  char* out = p[0];
  const char* a = p[1];
  if (s[0] == sizeof(TOut) && s[1] == sizeof(TA)) {
    TOut* o = reinterpret_cast<TOut*>(out);
    const TA* x = reinterpret_cast<const TA*>(a);
    for (int64_t i = 0; i < n; ++i) o[i] = convertValue<TOut>(f(static_cast<opmath_t<TA>>(x[i])));
    return;
  }
  for (int64_t i = 0; i < n; ++i) store<TOut>(out + i * s[0], f(load<TA>(a + i * s[1])));
}

template <typename TOut, typename TA, typename TB, typename F>
void loop2(char* const* p, const int64_t* s, int64_t n, F& f) {
  char* out = p[0];
  const char* a = p[1];
  const char* b = p[2];
  if (s[0] == sizeof(TOut)) {
    TOut* o = reinterpret_cast<TOut*>(out);
    if (s[1] == sizeof(TA) && s[2] == sizeof(TB)) {
      const TA* x = reinterpret_cast<const TA*>(a);
      const TB* y = reinterpret_cast<const TB*>(b);
      for (int64_t i = 0; i < n; ++i)
        o[i] = convertValue<TOut>(f(static_cast<opmath_t<TA>>(x[i]), static_cast<opmath_t<TB>>(y[i])));
      return;
    }
    if (s[1] == sizeof(TA) && s[2] == 0) {
      const TA* x = reinterpret_cast<const TA*>(a);
      const auto yv = load<TB>(b);
      for (int64_t i = 0; i < n; ++i) o[i] = convertValue<TOut>(f(static_cast<opmath_t<TA>>(x[i]), yv));
      return;
    }
    if (s[1] == 0 && s[2] == sizeof(TB)) {
      const auto xv = load<TA>(a);
      const TB* y = reinterpret_cast<const TB*>(b);
      for (int64_t i = 0; i < n; ++i) o[i] = convertValue<TOut>(f(xv, static_cast<opmath_t<TB>>(y[i])));
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i) store<TOut>(out + i * s[0], f(load<TA>(a + i * s[1]), load<TB>(b + i * s[2])));
}

template <typename TOut, typename TA, typename TB, typename TC, typename F>
void loop3(char* const* p, const int64_t* s, int64_t n, F& f) {
  char* out = p[0];
  const char* a = p[1];
  const char* b = p[2];
  const char* c = p[3];
  if (s[0] == sizeof(TOut) && s[1] == sizeof(TA) && s[2] == sizeof(TB) && s[3] == sizeof(TC)) {
    TOut* o = reinterpret_cast<TOut*>(out);
    const TA* x = reinterpret_cast<const TA*>(a);
    const TB* y = reinterpret_cast<const TB*>(b);
    const TC* z = reinterpret_cast<const TC*>(c);
    for (int64_t i = 0; i < n; ++i)
      o[i] = convertValue<TOut>(f(static_cast<opmath_t<TA>>(x[i]), static_cast<opmath_t<TB>>(y[i]),
                                  static_cast<opmath_t<TC>>(z[i])));
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    store<TOut>(out + i * s[0], f(load<TA>(a + i * s[1]), load<TB>(b + i * s[2]), load<TC>(c + i * s[3])));
}

}  // namespace elementwise_detail

template <typename TOut, typename TA, typename F>
void Elementwise::run1(F f) {
  runOperands(2, [&f](char* const* p, const int64_t* s, int64_t n) {
    elementwise_detail::loop1<TOut, TA>(p, s, n, f);
  });
}

template <typename TOut, typename TA, typename TB, typename F>
void Elementwise::run2(F f) {
  runOperands(3, [&f](char* const* p, const int64_t* s, int64_t n) {
    elementwise_detail::loop2<TOut, TA, TB>(p, s, n, f);
  });
}

template <typename TOut, typename TA, typename TB, typename TC, typename F>
void Elementwise::run3(F f) {
  runOperands(4, [&f](char* const* p, const int64_t* s, int64_t n) {
    elementwise_detail::loop3<TOut, TA, TB, TC>(p, s, n, f);
  });
}

template <typename Inner>
void Elementwise::runRaw(Inner&& inner) {
  EMBER_ASSERT(nInputs_ >= 1, "elementwise op without inputs");
  runOperands(nInputs_ + 1, inner);
}

template <typename Inner>
void Elementwise::runRawRows(Inner&& inner) {
  EMBER_ASSERT(nInputs_ >= 1, "elementwise op without inputs");
  runOperandsRows(nInputs_ + 1, inner);
}

}  // namespace ember
