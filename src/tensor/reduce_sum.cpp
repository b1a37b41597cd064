// sum, nansum, mean, prod and logsumexp.
#include <cmath>
#include <limits>

#include "complex_dispatch.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"
#include "reduce_utils.h"
#include "tensor/kernels/reduce_kernels.h"
#include "tensor/storage_watch.h"

namespace ember {

using namespace reduce_detail;

namespace {

template <typename T> struct SumAcc { using type = double; };
template <> struct SumAcc<bool> { using type = int64_t; };
template <> struct SumAcc<uint8_t> { using type = int64_t; };
template <> struct SumAcc<int8_t> { using type = int64_t; };
template <> struct SumAcc<int16_t> { using type = int64_t; };
template <> struct SumAcc<int32_t> { using type = int64_t; };
template <> struct SumAcc<int64_t> { using type = int64_t; };

template <typename In, bool kSkipNan = false>
struct SumOp {
  using acc_t = typename SumAcc<In>::type;
  double divisor = 1;  // mean divides in finish
  acc_t identity() const { return acc_t(0); }
  void step(acc_t& acc, In x, int64_t) const {
    if constexpr (kSkipNan && !std::is_integral_v<In>) {
      if (std::isnan(static_cast<float>(x))) return;
    }
    if constexpr (std::is_integral_v<acc_t>)
      acc = static_cast<acc_t>(static_cast<uint64_t>(acc) + static_cast<uint64_t>(static_cast<acc_t>(x)));
    else
      acc += static_cast<acc_t>(static_cast<opmath_t<In>>(x));
  }
  void run(acc_t& acc, const In* p, int64_t stride, int64_t n, int64_t idx) const {
    if constexpr (std::is_same_v<In, float> || std::is_same_v<In, double>) {
      if (stride == 1) {  // contiguous runs: the per-ISA vector kernel (reduce_kernels.h)
        acc += reduceKernels().sum[reduceSlot(scalarTypeOf<In>())][kSkipNan](p, n);
        return;
      }
    }
    for (int64_t i = 0; i < n; ++i) step(acc, p[i * stride], idx + i);
  }
  // nrows input rows (rowStride apart) into the running totals of n outputs (an outer-dim sum,
  // see runReduceTo).
  void stepRows(acc_t* acc, const In* rows, int64_t rowStride, int64_t nrows, int64_t n, int64_t idx) const {
    if constexpr (std::is_same_v<In, float> || std::is_same_v<In, double>) {
      reduceKernels().sumRows[reduceSlot(scalarTypeOf<In>())][kSkipNan](acc, rows, rowStride, nrows, n);
    } else {
      for (int64_t r = 0; r < nrows; ++r)
        for (int64_t j = 0; j < n; ++j) step(acc[j], rows[r * rowStride + j], idx + r);
    }
  }
  acc_t merge(acc_t a, acc_t b) const {
    if constexpr (std::is_integral_v<acc_t>)
      return static_cast<acc_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
    else
      return a + b;
  }
  template <typename Out>
  Out finishAs(acc_t acc) const {
    if constexpr (std::is_same_v<Out, bool>)
      return acc != 0;
    else if constexpr (std::is_floating_point_v<acc_t>)
      return static_cast<Out>(static_cast<opmath_t<Out>>(acc / divisor));
    else
      return static_cast<Out>(acc);
  }
};

template <typename Op, typename Out>
struct FinishAs : Op {
  Out finish(const typename Op::acc_t& a) const { return Op::template finishAs<Out>(a); }
};

// The dtype of sum/prod without an explicit dtype: integral and bool promote to int64.
ScalarType sumResultType(ScalarType in) { return isIntegralType(in, true) ? kLong : in; }

// Runs a sum-like op (sum, nansum, mean) on `self` cast to `compute`, writing `outDtype`.
template <bool kSkipNan>
Tensor sumImpl(const Tensor& self, DimMask mask, bool keepdim, ScalarType compute, ScalarType outDtype,
               bool isMean) {
  Tensor in = self.dtype() == compute ? self : castContiguous(self, compute);
  ReduceOutput out = makeReduceOutput(in, mask, outDtype);
  int64_t count = 1;
  for (int64_t d = 0; d < in.dim(); ++d)
    if (isReduced(mask, d)) count *= in.sizes()[d];
  visitDtype(compute, [&]<typename In>() {
    FinishAs<SumOp<In, kSkipNan>, In> op;
    if (isMean) op.divisor = static_cast<double>(count);
    if (outDtype == compute) {
      runReduce<In, In>(op, in, out);
    } else {
      EMBER_ASSERT(outDtype == kLong, "sum: unexpected output dtype");
      FinishAs<SumOp<In, kSkipNan>, int64_t> op64;
      runReduce<In, int64_t>(op64, in, out);
    }
  });
  return out.view(keepdim);
}

// sum and mean of a complex tensor: the same reduction of its real view over the same dims
// (real and imaginary parts reduce independently).
Tensor complexSumDims(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype, bool mean) {
  EMBER_CHECK(!dtype || isComplexType(*dtype), mean ? "mean" : "sum", "(): a complex input needs a complex dtype, got ",
              scalarTypeName(*dtype));
  Tensor x = dtype && *dtype != self.dtype() ? ember::to(self, *dtype) : self;
  if (x.dim() == 0) return ember::clone(x);
  DimMask mask = makeDimMask(dim, x.dim());
  DimVector dims;
  for (int64_t d = 0; d < x.dim(); ++d)
    if ((mask >> d) & 1) dims.push_back(d);
  Tensor pairs = view_as_real(x);
  Tensor r = mean ? ember::mean(pairs, dims, keepdim) : ember::sum(pairs, dims, keepdim);
  return view_as_complex(r.contiguous());
}

Tensor sumDims(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype, bool skipNan) {
  if (self.is_complex() || (dtype && isComplexType(*dtype))) {
    EMBER_CHECK(!skipNan, "nansum does not support complex inputs");
    return complexSumDims(self, dim, keepdim, dtype, false);
  }
  DimMask mask = makeDimMask(dim, self.dim());
  ScalarType compute = dtype ? *dtype : self.dtype();
  ScalarType outDtype = dtype ? *dtype : sumResultType(self.dtype());
  return skipNan ? sumImpl<true>(self, mask, keepdim, compute, outDtype, false)
                 : sumImpl<false>(self, mask, keepdim, compute, outDtype, false);
}

Tensor meanDims(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  ScalarType t = dtype ? *dtype : self.dtype();
  if (isComplexType(t)) return complexSumDims(self, dim, keepdim, dtype, true);
  EMBER_CHECK(isFloatingType(t) || isComplexType(t),
              "mean(): could not infer output dtype. ", dtype ? "Optional" : "Input",
              " dtype must be either a floating point or complex dtype. Got: ", scalarTypeName(t));
  return sumImpl<false>(self, makeDimMask(dim, self.dim()), keepdim, t, t, true);
}

template <typename In>
struct ProdOp {
  using acc_t = std::conditional_t<std::is_integral_v<In>, int64_t, opmath_t<In>>;
  acc_t identity() const { return acc_t(1); }
  void step(acc_t& acc, In x, int64_t) const {
    if constexpr (std::is_integral_v<acc_t>)
      acc = static_cast<acc_t>(static_cast<uint64_t>(acc) * static_cast<uint64_t>(static_cast<acc_t>(x)));
    else
      acc *= static_cast<acc_t>(x);
  }
  void run(acc_t& acc, const In* p, int64_t stride, int64_t n, int64_t idx) const {
    for (int64_t i = 0; i < n; ++i) step(acc, p[i * stride], idx + i);
  }
  acc_t merge(acc_t a, acc_t b) const {
    acc_t r = a;
    if constexpr (std::is_integral_v<acc_t>)
      r = static_cast<acc_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
    else
      r = a * b;
    return r;
  }
};

template <typename In, typename Out>
struct ProdFinish : ProdOp<In> {
  Out finish(typename ProdOp<In>::acc_t a) const {
    if constexpr (std::is_same_v<Out, bool>)
      return a != 0;
    else
      return static_cast<Out>(a);
  }
};

Tensor prodImpl(const Tensor& self, DimMask mask, bool keepdim, std::optional<ScalarType> dtype) {
  ScalarType compute = dtype ? *dtype : self.dtype();
  ScalarType outDtype = dtype ? *dtype : sumResultType(self.dtype());
  EMBER_CHECK(compute != kHalf && compute != kBFloat16, "\"prod_cpu\" not implemented for '",
              scalarTypeName(compute), "'");
  Tensor in = self.dtype() == compute ? self : castContiguous(self, compute);
  ReduceOutput out = makeReduceOutput(in, mask, outDtype);
  if (isComplexType(compute)) {
    EMBER_CHECK(outDtype == compute, "prod(): a complex input needs a complex dtype");
    visitComplexDtype(compute, [&]<typename In>() { runReduce<In, In>(ProdFinish<In, In>{}, in, out); }, "prod_cpu");
    return out.view(keepdim);
  }
  visitDtype(compute, [&]<typename In>() {
    if (outDtype == compute)
      runReduce<In, In>(ProdFinish<In, In>{}, in, out);
    else
      runReduce<In, int64_t>(ProdFinish<In, int64_t>{}, in, out);
  }, "prod_cpu");
  return out.view(keepdim);
}

// Running (max, sum of exp(x - max)); merges rescale to the larger max.
struct LseAcc {
  double m = -std::numeric_limits<double>::infinity();
  double s = 0;
};

template <typename In>
struct LogSumExpOp {
  using acc_t = LseAcc;
  acc_t identity() const { return {}; }
  void step(acc_t& a, In xin, int64_t) const {
    double x = static_cast<double>(static_cast<opmath_t<In>>(xin));
    if (std::isnan(a.m)) return;
    if (std::isnan(x)) {
      a.m = x;
    } else if (x == a.m) {
      a.s += 1;
    } else if (x > a.m) {
      a.s = a.s * std::exp(a.m - x) + 1;
      a.m = x;
    } else {
      a.s += std::exp(x - a.m);
    }
  }
  void run(acc_t& acc, const In* p, int64_t stride, int64_t n, int64_t idx) const {
    for (int64_t i = 0; i < n; ++i) step(acc, p[i * stride], idx + i);
  }
  acc_t merge(const acc_t& a, const acc_t& b) const {
    if (std::isnan(a.m) || std::isnan(b.m)) return {std::nan(""), 0};
    if (a.m == b.m) return {a.m, a.s + b.s};
    double m = std::max(a.m, b.m);
    return {m, a.s * std::exp(a.m - m) + b.s * std::exp(b.m - m)};
  }
  In finish(const acc_t& a) const {
    if (std::isnan(a.m)) return static_cast<In>(a.m);
    return static_cast<In>(static_cast<opmath_t<In>>(a.m + std::log(a.s)));
  }
};

}  // namespace

Tensor sum(const Tensor& self, std::optional<ScalarType> dtype) { return sumDims(self, {}, false, dtype, false); }

Tensor sum(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  return sumDims(self, dim, keepdim, dtype, false);
}

Tensor& sum_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  detail::noteWrite(out);
  writeOut(out, sumDims(self, dim, keepdim, dtype ? dtype : std::optional<ScalarType>(out.dtype()), false), "sum",
           false);
  return out;
}

Tensor nansum(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  return sumDims(self, dim, keepdim, dtype, true);
}

Tensor mean(const Tensor& self, std::optional<ScalarType> dtype) { return meanDims(self, {}, false, dtype); }

Tensor mean(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  return meanDims(self, dim, keepdim, dtype);
}

Tensor& mean_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  detail::noteWrite(out);
  writeOut(out, meanDims(self, dim, keepdim, dtype ? dtype : std::optional<ScalarType>(out.dtype())), "mean", false);
  return out;
}

Tensor prod(const Tensor& self, std::optional<ScalarType> dtype) {
  return prodImpl(self, allDims(self.dim()), false, dtype);
}

Tensor prod(const Tensor& self, int64_t dim, bool keepdim, std::optional<ScalarType> dtype) {
  return prodImpl(self, makeDimMask(dim, self.dim()), keepdim, dtype);
}

Tensor& prod_out(Tensor& out, const Tensor& self, int64_t dim, bool keepdim, std::optional<ScalarType> dtype) {
  detail::noteWrite(out);
  writeOut(out, prod(self, dim, keepdim, dtype ? dtype : std::optional<ScalarType>(out.dtype())), "prod", false);
  return out;
}

Tensor logsumexp(const Tensor& self, IntArrayRef dim, bool keepdim) {
  ScalarType t = isIntegralType(self.dtype(), true) ? defaultDtype() : self.dtype();
  EMBER_CHECK(t != kHalf, "\"exp_vml_cpu\" not implemented for 'Half'");
  Tensor in = self.dtype() == t ? self : castContiguous(self, t);
  ReduceOutput out = makeReduceOutput(in, makeDimMask(dim, self.dim()), t);
  visitFloatingDtype(t, [&]<typename In>() { runReduce<In, In>(LogSumExpOp<In>{}, in, out); }, "logsumexp");
  return out.view(keepdim);
}

Tensor& logsumexp_out(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim) {
  detail::noteWrite(out);
  writeOut(out, logsumexp(self, dim, keepdim), "logsumexp", false);
  return out;
}

Tensor Tensor::sum(std::optional<ScalarType> dtype) const { return ember::sum(*this, dtype); }
Tensor Tensor::sum(IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) const {
  return ember::sum(*this, dim, keepdim, dtype);
}
Tensor Tensor::nansum(IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) const {
  return ember::nansum(*this, dim, keepdim, dtype);
}
Tensor Tensor::mean(std::optional<ScalarType> dtype) const { return ember::mean(*this, dtype); }
Tensor Tensor::mean(IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) const {
  return ember::mean(*this, dim, keepdim, dtype);
}
Tensor Tensor::prod(std::optional<ScalarType> dtype) const { return ember::prod(*this, dtype); }
Tensor Tensor::prod(int64_t dim, bool keepdim, std::optional<ScalarType> dtype) const {
  return ember::prod(*this, dim, keepdim, dtype);
}
Tensor Tensor::logsumexp(IntArrayRef dim, bool keepdim) const { return ember::logsumexp(*this, dim, keepdim); }

}  // namespace ember
