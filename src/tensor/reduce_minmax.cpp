// max, min, amax, amin, aminmax, argmax, argmin. NaN wins over every number (and the first
// NaN's index is reported); among equal values the first index wins, as PyTorch CPU does.
#include <cmath>
#include <limits>

#include "ember/tensor/ops/reduce.h"
#include "reduce_utils.h"
#include "tensor/kernels/reduce_kernels.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace reduce_detail;

namespace {

// Whether x replaces the current extreme v: x is NaN (and v is not), or strictly better.
template <bool kMax, typename C>
bool better(C x, C v) {
  if constexpr (std::is_integral_v<C>) {
    return kMax ? x > v : x < v;
  } else {
    return (x != x && v == v) || (kMax ? x > v : x < v);
  }
}

template <typename T>
using Cmp = std::conditional_t<std::is_integral_v<T>, T, opmath_t<T>>;

// Value-only extreme (amax/amin, full max/min). Float and double runs and rows go to the
// vector kernels (reduce_kernels.h).
template <typename In, bool kMax>
struct ExtremeOp {
  using C = Cmp<In>;
  using acc_t = C;
  static constexpr bool kVector = std::is_same_v<In, float> || std::is_same_v<In, double>;
  acc_t identity() const {
    if constexpr (std::is_same_v<In, bool>)
      return !kMax;
    else if constexpr (std::is_integral_v<C>)
      return kMax ? std::numeric_limits<C>::lowest() : std::numeric_limits<C>::max();
    else
      return kMax ? -std::numeric_limits<C>::infinity() : std::numeric_limits<C>::infinity();
  }
  void step(acc_t& a, In x, int64_t) const {
    C c = static_cast<C>(x);
    a = better<kMax>(c, a) ? c : a;
  }
  void run(acc_t& a, const In* p, int64_t stride, int64_t n, int64_t idx) const {
    if constexpr (kVector) {
      if (stride == 1) {
        reduceKernels().extremeRun[reduceSlot(scalarTypeOf<In>())][kMax](&a, p, n);
        return;
      }
    }
    for (int64_t i = 0; i < n; ++i) step(a, p[i * stride], idx + i);
  }
  void stepRows(acc_t* acc, const In* rows, int64_t rowStride, int64_t nrows, int64_t n, int64_t idx) const {
    if constexpr (kVector) {
      reduceKernels().extremeRows[reduceSlot(scalarTypeOf<In>())][kMax](acc, rows, rowStride, nrows, n);
    } else {
      for (int64_t r = 0; r < nrows; ++r)
        for (int64_t j = 0; j < n; ++j) step(acc[j], rows[r * rowStride + j], idx + r);
    }
  }
  acc_t merge(const acc_t& a, const acc_t& b) const { return better<kMax>(b, a) ? b : a; }
  In finish(const acc_t& a) const { return static_cast<In>(a); }
};

// Extreme with its index (max.dim, argmax). Contiguous float and double runs of at least
// kVectorRun values go to the vector kernel (reduce_kernels.h): attention's rows of 49 took
// ~200 ns each in the scalar loop.
template <typename In, bool kMax>
struct ArgExtremeOp {
  using C = Cmp<In>;
  static constexpr bool kVector = std::is_same_v<In, float> || std::is_same_v<In, double>;
  static constexpr int64_t kVectorRun = 8;
  struct acc_t {
    C v;
    int64_t i;
  };
  acc_t identity() const { return {C(0), -1}; }
  void step(acc_t& a, In x, int64_t idx) const {
    C c = static_cast<C>(x);
    if (a.i < 0 || better<kMax>(c, a.v)) a = {c, idx};
  }
  void run(acc_t& a, const In* p, int64_t stride, int64_t n, int64_t idx) const {
    if constexpr (kVector) {
      // A contiguous run: the vector kernel's extreme and first index, merged as a later piece.
      if (stride == 1 && n >= kVectorRun) {
        acc_t piece{};
        reduceKernels().argExtremeRun[reduceSlot(scalarTypeOf<In>())][kMax](&piece.v, &piece.i, p, n);
        piece.i += idx;
        a = merge(a, piece);
        return;
      }
    }
    for (int64_t i = 0; i < n; ++i) step(a, p[i * stride], idx + i);
  }
  acc_t merge(const acc_t& a, const acc_t& b) const {
    if (a.i < 0) return b;
    if (b.i < 0) return a;
    return better<kMax>(b.v, a.v) ? b : a;
  }
};

// PyTorch's errors for extreme-value reductions over nothing.
void checkNonEmpty(const char* op, const Tensor& self, DimMask mask, bool dimGiven, bool hint = true) {
  if (self.numel() != 0) return;
  if (!dimGiven) {
    EMBER_ERROR(op, "(): Expected reduction dim to be specified for input.numel() == 0.",
                hint ? " Specify the reduction dim with the 'dim' argument." : "");
  }
  for (int64_t d = 0; d < self.dim(); ++d)
    EMBER_CHECK_KIND(Index, !(isReduced(mask, d) && self.sizes()[d] == 0), op, "(): Expected reduction dim ", d,
                     " to have non-zero size.");
}

template <bool kMax>
Tensor extremeValues(const char* op, const Tensor& self, IntArrayRef dim, bool keepdim) {
  DimMask mask = makeDimMask(dim, self.dim());
  checkNonEmpty(op, self, mask, !dim.empty());
  ReduceOutput out = makeReduceOutput(self, mask, self.dtype());
  visitDtype(self.dtype(), [&]<typename In>() { runReduce<In, In>(ExtremeOp<In, kMax>{}, self, out); }, op);
  return out.view(keepdim);
}

// Fills values (when defined) and indices of the extreme over `mask`.
template <bool kMax>
void argExtreme(const Tensor& self, DimMask mask, const Tensor& valuesKeep, const Tensor& indicesKeep, const char* op) {
  int64_t* idx = static_cast<int64_t*>(indicesKeep.data_ptr());
  visitDtype(self.dtype(), [&]<typename In>() {
    In* vals = valuesKeep.defined() ? static_cast<In*>(valuesKeep.data_ptr()) : nullptr;
    using Op = ArgExtremeOp<In, kMax>;
    runReduceTo<In>(Op{}, self, indicesKeep, mask, [&](int64_t off, const typename Op::acc_t& a) {
      idx[off] = a.i < 0 ? 0 : a.i;
      if (vals) vals[off] = static_cast<In>(a.v);
    });
  }, op);
}

template <bool kMax>
std::tuple<Tensor, Tensor> extremeDim(const char* op, const Tensor& self, int64_t dim, bool keepdim) {
  DimMask mask = makeDimMask(dim, self.dim());
  int64_t d = wrapDim(dim, self.dim());
  if (self.dim() > 0)
    EMBER_CHECK_KIND(Index, self.sizes()[d] != 0, op, "(): Expected reduction dim ", d, " to have non-zero size.");
  ReduceOutput values = makeReduceOutput(self, mask, self.dtype());
  ReduceOutput indices = makeReduceOutput(self, mask, kLong);
  argExtreme<kMax>(self, mask, values.keep, indices.keep, op);
  return {values.view(keepdim), indices.view(keepdim)};
}

template <bool kMax>
Tensor argExtremeImpl(const char* op, const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  EMBER_CHECK(self.dtype() != kBool, "\"", op, "_cpu\" not implemented for 'Bool'");
  if (!dim) {
    EMBER_CHECK(self.numel() != 0, op, "(): Expected reduction dim to be specified for input.numel() == 0.");
    DimMask mask = allDims(self.dim());
    ReduceOutput indices = makeReduceOutput(self, mask, kLong);
    argExtreme<kMax>(self, mask, Tensor(), indices.keep, op);
    // keepdim without a dim keeps every dim as size 1.
    return indices.view(keepdim);
  }
  DimMask mask = makeDimMask(*dim, self.dim());
  if (self.dim() > 0) {
    int64_t d = wrapDim(*dim, self.dim());
    EMBER_CHECK_KIND(Index, self.sizes()[d] != 0, op, "(): Expected reduction dim ", d, " to have non-zero size.");
  }
  ReduceOutput indices = makeReduceOutput(self, mask, kLong);
  argExtreme<kMax>(self, mask, Tensor(), indices.keep, op);
  return indices.view(keepdim);
}

void checkOutDtype(const Tensor& out, ScalarType expected, const char* what) {
  EMBER_CHECK(out.dtype() == expected, "Expected out tensor to have dtype ", scalarTypeTorchName(expected), ", but got ",
              scalarTypeTorchName(out.dtype()), " instead", what[0] ? " (" : "", what, what[0] ? ")" : "");
}

}  // namespace

Tensor max(const Tensor& self) { return extremeValues<true>("max", self, {}, false); }
Tensor min(const Tensor& self) { return extremeValues<false>("min", self, {}, false); }
std::tuple<Tensor, Tensor> max(const Tensor& self, int64_t dim, bool keepdim) {
  return extremeDim<true>("max", self, dim, keepdim);
}
std::tuple<Tensor, Tensor> min(const Tensor& self, int64_t dim, bool keepdim) {
  return extremeDim<false>("min", self, dim, keepdim);
}

std::tuple<Tensor&, Tensor&> max_out(Tensor& values, Tensor& indices, const Tensor& self, int64_t dim, bool keepdim) {
  checkOutDtype(values, self.dtype(), "");
  checkOutDtype(indices, kLong, "");
  auto [v, i] = ember::max(self, dim, keepdim);
  writeOut(values, v, "max", true);
  writeOut(indices, i, "max", true);
  return {values, indices};
}

std::tuple<Tensor&, Tensor&> min_out(Tensor& values, Tensor& indices, const Tensor& self, int64_t dim, bool keepdim) {
  checkOutDtype(values, self.dtype(), "");
  checkOutDtype(indices, kLong, "");
  auto [v, i] = ember::min(self, dim, keepdim);
  writeOut(values, v, "min", true);
  writeOut(indices, i, "min", true);
  return {values, indices};
}

Tensor amax(const Tensor& self, IntArrayRef dim, bool keepdim) {
  return extremeValues<true>("amax", self, dim, keepdim);
}
Tensor amin(const Tensor& self, IntArrayRef dim, bool keepdim) {
  return extremeValues<false>("amin", self, dim, keepdim);
}

Tensor& amax_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim) {
  detail::noteWrite(out);
  checkOutDtype(out, self.dtype(), "");
  writeOut(out, amax(self, dim, keepdim), "amax", true);
  return out;
}

Tensor& amin_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim) {
  detail::noteWrite(out);
  checkOutDtype(out, self.dtype(), "");
  writeOut(out, amin(self, dim, keepdim), "amin", true);
  return out;
}

std::tuple<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  if (!dim) {
    EMBER_CHECK(self.numel() != 0,
                "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
    return {extremeValues<false>("aminmax", self, {}, keepdim), extremeValues<true>("aminmax", self, {}, keepdim)};
  }
  if (self.dim() > 0) {
    int64_t d = wrapDim(*dim, self.dim());
    EMBER_CHECK_KIND(Index, self.sizes()[d] != 0, "aminmax: Expected reduction dim ", d, " to have non-zero size.");
  } else if (keepdim) {
    // PyTorch's kernel writes a 0-d input's kept dim as size 1: aminmax(tensor(2.), 0, True) has shape [1].
    wrapDim(*dim, 0);
    Tensor v = self.reshape({1});
    return {v.clone(), v.clone()};
  }
  return {extremeValues<false>("aminmax", self, *dim, keepdim), extremeValues<true>("aminmax", self, *dim, keepdim)};
}

Tensor argmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return argExtremeImpl<true>("argmax", self, dim, keepdim);
}
Tensor argmin(const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  return argExtremeImpl<false>("argmin", self, dim, keepdim);
}

Tensor& argmax_out(Tensor& out, const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  detail::noteWrite(out);
  checkOutDtype(out, kLong, "");
  writeOut(out, argmax(self, dim, keepdim), "argmax", true);
  return out;
}

Tensor& argmin_out(Tensor& out, const Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  detail::noteWrite(out);
  checkOutDtype(out, kLong, "");
  writeOut(out, argmin(self, dim, keepdim), "argmin", true);
  return out;
}

Tensor Tensor::max() const { return ember::max(*this); }
Tensor Tensor::min() const { return ember::min(*this); }
std::tuple<Tensor, Tensor> Tensor::max(int64_t dim, bool keepdim) const { return ember::max(*this, dim, keepdim); }
std::tuple<Tensor, Tensor> Tensor::min(int64_t dim, bool keepdim) const { return ember::min(*this, dim, keepdim); }
Tensor Tensor::amax(IntArrayRef dim, bool keepdim) const { return ember::amax(*this, dim, keepdim); }
Tensor Tensor::amin(IntArrayRef dim, bool keepdim) const { return ember::amin(*this, dim, keepdim); }
std::tuple<Tensor, Tensor> Tensor::aminmax(std::optional<int64_t> dim, bool keepdim) const {
  return ember::aminmax(*this, dim, keepdim);
}
Tensor Tensor::argmax(std::optional<int64_t> dim, bool keepdim) const { return ember::argmax(*this, dim, keepdim); }
Tensor Tensor::argmin(std::optional<int64_t> dim, bool keepdim) const { return ember::argmin(*this, dim, keepdim); }

}  // namespace ember
