// aten:: operators of the reduce family: sum/mean/prod, max/min (full, over a dim returning
// (values, indices), and elementwise with another tensor), amax/amin, argmax/argmin, var/std,
// norm, all/any, cumulative ops and softmax, with PyTorch 1.13's schemas.
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// ---- sum / nansum / mean / prod ----
// (self, *, ScalarType? dtype)
using DtypeReduceFn = Tensor (*)(const Tensor&, std::optional<ScalarType>);
template <DtypeReduceFn F>
void fullReduce(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = F(tensorArg(a[0]), optScalarTypeArg(a[1]));
  ret(s, 2, std::move(r));
}
template <DtypeReduceFn F>
void fullReduceOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  writeOut(out, F(tensorArg(a[0]), optScalarTypeArg(a[1])));
  ret(s, 3, std::move(out));
}
// (self, int[1]? dim, bool keepdim, *, ScalarType? dtype)
using DimReduceFn = Tensor (*)(const Tensor&, IntArrayRef, bool, std::optional<ScalarType>);
using DimReduceOutFn = Tensor& (*)(Tensor&, const Tensor&, IntArrayRef, bool, std::optional<ScalarType>);
template <DimReduceFn F>
void dimReduce(Stack& s) {
  IValue* a = args(s, 4);
  DimVector dims = dimListArg(a[1]);
  Tensor r = F(tensorArg(a[0]), dims, boolArg(a[2]), optScalarTypeArg(a[3]));
  ret(s, 4, std::move(r));
}
template <DimReduceOutFn F>
void dimReduceOut(Stack& s) {
  IValue* a = args(s, 5);
  DimVector dims = dimListArg(a[1]);
  Tensor out = tensorArg(a[4]);
  F(out, tensorArg(a[0]), dims, boolArg(a[2]), optScalarTypeArg(a[3]));
  ret(s, 5, std::move(out));
}
Tensor sumAll(const Tensor& self, std::optional<ScalarType> dtype) { return sum(self, dtype); }
Tensor sumDims(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  return sum(self, dim, keepdim, dtype);
}
Tensor meanAll(const Tensor& self, std::optional<ScalarType> dtype) { return mean(self, dtype); }
Tensor meanDims(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  return mean(self, dim, keepdim, dtype);
}
Tensor& nansumOut(Tensor& out, const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  return writeOut(out, nansum(self, dim, keepdim, dtype));
}
Tensor prodAll(const Tensor& self, std::optional<ScalarType> dtype) { return prod(self, dtype); }
// prod.dim_int(self, int dim, bool keepdim, *, ScalarType? dtype)
void prodDim(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = prod(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]), optScalarTypeArg(a[3]));
  ret(s, 4, std::move(r));
}
void prodDimOut(Stack& s) {
  IValue* a = args(s, 5);
  Tensor out = tensorArg(a[4]);
  prod_out(out, tensorArg(a[0]), intArg(a[1]), boolArg(a[2]), optScalarTypeArg(a[3]));
  ret(s, 5, std::move(out));
}

// ---- (self, int[1] dim, bool keepdim) reductions: logsumexp, amax, amin ----
using DimsKeepFn = Tensor (*)(const Tensor&, IntArrayRef, bool);
using DimsKeepOutFn = Tensor& (*)(Tensor&, const Tensor&, IntArrayRef, bool);
template <DimsKeepFn F>
void dimsKeep(Stack& s) {
  IValue* a = args(s, 3);
  DimVector dims = dimListArg(a[1]);
  Tensor r = F(tensorArg(a[0]), dims, boolArg(a[2]));
  ret(s, 3, std::move(r));
}
template <DimsKeepOutFn F>
void dimsKeepOut(Stack& s) {
  IValue* a = args(s, 4);
  DimVector dims = dimListArg(a[1]);
  Tensor out = tensorArg(a[3]);
  F(out, tensorArg(a[0]), dims, boolArg(a[2]));
  ret(s, 4, std::move(out));
}

// ---- max / min ----
Tensor maxAll(const Tensor& self) { return max(self); }
Tensor minAll(const Tensor& self) { return min(self); }
using DimPairFn = std::tuple<Tensor, Tensor> (*)(const Tensor&, int64_t, bool);
template <DimPairFn F>
void dimPair(Stack& s) {
  IValue* a = args(s, 3);
  auto r = F(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]));
  ret2(s, 3, std::move(r));
}
template <DimPairFn F>
void dimPairOut(Stack& s) {
  IValue* a = args(s, 5);
  auto r = F(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]));
  ret2Out(s, 5, tensorArg(a[3]), tensorArg(a[4]), std::move(r));
}
std::tuple<Tensor, Tensor> maxDim(const Tensor& self, int64_t dim, bool keepdim) { return max(self, dim, keepdim); }
std::tuple<Tensor, Tensor> minDim(const Tensor& self, int64_t dim, bool keepdim) { return min(self, dim, keepdim); }
void aminmaxOp(Stack& s) {
  IValue* a = args(s, 3);
  auto r = aminmax(tensorArg(a[0]), optIntArg(a[1]), boolArg(a[2]));
  ret2(s, 3, std::move(r));
}
void aminmaxOut(Stack& s) {
  IValue* a = args(s, 5);
  auto r = aminmax(tensorArg(a[0]), optIntArg(a[1]), boolArg(a[2]));
  ret2Out(s, 5, tensorArg(a[3]), tensorArg(a[4]), std::move(r));
}
// argmax/argmin(self, int? dim, bool keepdim)
using ArgFn = Tensor (*)(const Tensor&, std::optional<int64_t>, bool);
using ArgOutFn = Tensor& (*)(Tensor&, const Tensor&, std::optional<int64_t>, bool);
template <ArgFn F>
void argReduce(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = F(tensorArg(a[0]), optIntArg(a[1]), boolArg(a[2]));
  ret(s, 3, std::move(r));
}
template <ArgOutFn F>
void argReduceOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  F(out, tensorArg(a[0]), optIntArg(a[1]), boolArg(a[2]));
  ret(s, 4, std::move(out));
}

// ---- var / std and their _mean forms ----
// (self, bool unbiased)
template <bool kStd>
void momentAll(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  bool unbiased = boolArg(a[1]);
  ret(s, 2, kStd ? std(self, unbiased) : var(self, unbiased));
}
// (self, int[1]? dim, bool unbiased, bool keepdim, [out])
template <bool kStd, bool kOut>
void momentDim(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  DimVector dims = dimListArg(a[1]);
  Tensor r = kStd ? std(self, dims, boolArg(a[2]), boolArg(a[3])) : var(self, dims, boolArg(a[2]), boolArg(a[3]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[4]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
// (self, int[1]? dim, *, int? correction, bool keepdim, [out])
template <bool kStd, bool kOut>
void momentCorrection(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  DimVector dims = dimListArg(a[1]);
  std::optional<int64_t> correction = optIntArg(a[2]);
  Tensor r = kStd ? std(self, dims, correction, boolArg(a[3])) : var(self, dims, correction, boolArg(a[3]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[4]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
template <bool kStd>
void momentMeanAll(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  bool unbiased = boolArg(a[1]);
  ret2(s, 2, kStd ? std_mean(self, unbiased) : var_mean(self, unbiased));
}
template <bool kStd>
void momentMeanDim(Stack& s) {
  IValue* a = args(s, 4);
  Tensor self = tensorArg(a[0]);
  DimVector dims = dimListArg(a[1]);
  bool unbiased = boolArg(a[2]), keepdim = boolArg(a[3]);
  ret2(s, 4, kStd ? std_mean(self, dims, unbiased, keepdim) : var_mean(self, dims, unbiased, keepdim));
}
template <bool kStd, bool kOut>
void momentMeanCorrection(Stack& s) {
  constexpr size_t n = kOut ? 6 : 4;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  DimVector dims = dimListArg(a[1]);
  std::optional<int64_t> correction = optIntArg(a[2]);
  bool keepdim = boolArg(a[3]);
  auto r = kStd ? std_mean(self, dims, correction, keepdim) : var_mean(self, dims, correction, keepdim);
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[4]), tensorArg(a[5]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}

// ---- norm ----
// norm.Scalar(self, Scalar p=2) and norm.Scalar_out.
template <bool kOut>
void normScalar(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  Tensor r = norm(tensorArg(a[0]), optScalarArg(a[1]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
// norm.ScalarOpt_dim(self, Scalar? p, int[1] dim, bool keepdim) and .out.
template <bool kOut>
void normDim(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  DimVector dims = dimListArg(a[2]);
  Tensor r = norm(tensorArg(a[0]), optScalarArg(a[1]), dims, boolArg(a[3]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[4]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
// norm.ScalarOpt_dim_dtype(self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype) and .dtype_out.
template <bool kOut>
void normDimDtype(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  DimVector dims = dimListArg(a[2]);
  Tensor r = norm(tensorArg(a[0]), optScalarArg(a[1]), dims, boolArg(a[3]), scalarTypeArg(a[4]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[5]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
// norm.ScalarOpt_dtype(self, Scalar? p, *, ScalarType dtype) and its out.
template <bool kOut>
void normDtype(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor r = norm(tensorArg(a[0]), optScalarArg(a[1]), {}, false, scalarTypeArg(a[2]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// ---- all / any ----
Tensor allAll(const Tensor& self) { return all(self); }
Tensor anyAll(const Tensor& self) { return any(self); }
Tensor& allAllOut(Tensor& out, const Tensor& self) { return writeOut(out, all(self)); }
Tensor& anyAllOut(Tensor& out, const Tensor& self) { return writeOut(out, any(self)); }
using DimKeepFn = Tensor (*)(const Tensor&, int64_t, bool);
using DimKeepOutFn = Tensor& (*)(Tensor&, const Tensor&, int64_t, bool);
template <DimKeepFn F>
void dimKeep(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = F(tensorArg(a[0]), intArg(a[1]), boolArg(a[2]));
  ret(s, 3, std::move(r));
}
template <DimKeepOutFn F>
void dimKeepOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  F(out, tensorArg(a[0]), intArg(a[1]), boolArg(a[2]));
  ret(s, 4, std::move(out));
}
Tensor allDim(const Tensor& self, int64_t dim, bool keepdim) { return all(self, dim, keepdim); }
Tensor anyDim(const Tensor& self, int64_t dim, bool keepdim) { return any(self, dim, keepdim); }

// ---- cumulative ops and softmax: (self, int dim, [*,] ScalarType? dtype) ----
using DimDtypeFn = Tensor (*)(const Tensor&, int64_t, std::optional<ScalarType>);
template <DimDtypeFn F>
void dimDtype(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = F(tensorArg(a[0]), intArg(a[1]), optScalarTypeArg(a[2]));
  ret(s, 3, std::move(r));
}
template <DimDtypeFn F>
void dimDtypeOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  writeOut(out, F(tensorArg(a[0]), intArg(a[1]), optScalarTypeArg(a[2])));
  ret(s, 4, std::move(out));
}
// In place: the result must keep self's dtype (cumsum_ of an int32 tensor stays int32).
template <DimDtypeFn F>
void dimDtypeInplace(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  std::optional<ScalarType> dtype = optScalarTypeArg(a[2]);
  copy_(self, F(self, intArg(a[1]), dtype ? dtype : std::optional<ScalarType>(self.dtype())));
  ret(s, 3, std::move(self));
}
using DimPair1Fn = std::tuple<Tensor, Tensor> (*)(const Tensor&, int64_t);
template <DimPair1Fn F>
void cumPair(Stack& s) {
  IValue* a = args(s, 2);
  auto r = F(tensorArg(a[0]), intArg(a[1]));
  ret2(s, 2, std::move(r));
}
template <DimPair1Fn F>
void cumPairOut(Stack& s) {
  IValue* a = args(s, 4);
  auto r = F(tensorArg(a[0]), intArg(a[1]));
  ret2Out(s, 4, tensorArg(a[2]), tensorArg(a[3]), std::move(r));
}

RegisterOperators reg({
    {"aten::sum(Tensor self, *, ScalarType? dtype=None) -> Tensor", fullReduce<sumAll>},
    {"aten::sum.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)", fullReduceOut<sumAll>},
    {"aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
     dimReduce<sumDims>},
    {"aten::sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) "
     "out) -> Tensor(a!)",
     dimReduceOut<sum_out>},
    {"aten::nansum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
     dimReduce<nansum>},
    {"aten::nansum.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) "
     "out) -> Tensor(a!)",
     dimReduceOut<nansumOut>},
    {"aten::mean(Tensor self, *, ScalarType? dtype=None) -> Tensor", fullReduce<meanAll>},
    {"aten::mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
     dimReduce<meanDims>},
    {"aten::mean.out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     dimReduceOut<mean_out>},
    {"aten::prod(Tensor self, *, ScalarType? dtype=None) -> Tensor", fullReduce<prodAll>},
    {"aten::prod.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)", fullReduceOut<prodAll>},
    {"aten::prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor", prodDim},
    {"aten::prod.int_out(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     prodDimOut},
    {"aten::logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor", dimsKeep<logsumexp>},
    {"aten::logsumexp.out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     dimsKeepOut<logsumexp_out>},

    {"aten::max(Tensor self) -> Tensor", unaryOp<maxAll>},
    {"aten::min(Tensor self) -> Tensor", unaryOp<minAll>},
    {"aten::max.other(Tensor self, Tensor other) -> Tensor", binaryOp<maximum>},
    {"aten::min.other(Tensor self, Tensor other) -> Tensor", binaryOp<minimum>},
    {"aten::max.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<maximum_out>},
    {"aten::min.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<minimum_out>},
    {"aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)", dimPair<maxDim>},
    {"aten::min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)", dimPair<minDim>},
    {"aten::max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> "
     "(Tensor(a!) values, Tensor(b!) indices)",
     dimPairOut<maxDim>},
    {"aten::min.dim_min(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) min, Tensor(b!) min_indices) -> "
     "(Tensor(a!) values, Tensor(b!) indices)",
     dimPairOut<minDim>},
    {"aten::amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor", dimsKeep<amax>},
    {"aten::amax.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     dimsKeepOut<amax_out>},
    {"aten::amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor", dimsKeep<amin>},
    {"aten::amin.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     dimsKeepOut<amin_out>},
    {"aten::aminmax(Tensor self, *, int? dim=None, bool keepdim=False) -> (Tensor min, Tensor max)", aminmaxOp},
    {"aten::aminmax.out(Tensor self, *, int? dim=None, bool keepdim=False, Tensor(a!) min, Tensor(b!) max) -> "
     "(Tensor(a!) min, Tensor(b!) max)",
     aminmaxOut},
    {"aten::argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor", argReduce<argmax>},
    {"aten::argmax.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     argReduceOut<argmax_out>},
    {"aten::argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor", argReduce<argmin>},
    {"aten::argmin.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     argReduceOut<argmin_out>},

    {"aten::var(Tensor self, bool unbiased=True) -> Tensor", momentAll<false>},
    {"aten::var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor",
     momentDim<false, false>},
    {"aten::var.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     momentDim<false, true>},
    {"aten::var.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> Tensor",
     momentCorrection<false, false>},
    {"aten::var.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out) -> "
     "Tensor(a!)",
     momentCorrection<false, true>},
    {"aten::std(Tensor self, bool unbiased=True) -> Tensor", momentAll<true>},
    {"aten::std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor",
     momentDim<true, false>},
    {"aten::std.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     momentDim<true, true>},
    {"aten::std.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> Tensor",
     momentCorrection<true, false>},
    {"aten::std.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out) -> "
     "Tensor(a!)",
     momentCorrection<true, true>},
    {"aten::var_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)", momentMeanAll<false>},
    {"aten::var_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
     momentMeanDim<false>},
    {"aten::var_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> (Tensor, "
     "Tensor)",
     momentMeanCorrection<false, false>},
    {"aten::var_mean.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) "
     "out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
     momentMeanCorrection<false, true>},
    {"aten::std_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)", momentMeanAll<true>},
    {"aten::std_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
     momentMeanDim<true>},
    {"aten::std_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> (Tensor, "
     "Tensor)",
     momentMeanCorrection<true, false>},
    {"aten::std_mean.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) "
     "out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
     momentMeanCorrection<true, true>},

    {"aten::norm.Scalar(Tensor self, Scalar p=2) -> Tensor", normScalar<false>},
    {"aten::norm.Scalar_out(Tensor self, Scalar p=2, *, Tensor(a!) out) -> Tensor(a!)", normScalar<true>},
    {"aten::norm.ScalarOpt_dim(Tensor self, Scalar? p, int[1] dim, bool keepdim=False) -> Tensor", normDim<false>},
    {"aten::norm.out(Tensor self, Scalar? p, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     normDim<true>},
    {"aten::norm.ScalarOpt_dim_dtype(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype) -> "
     "Tensor",
     normDimDtype<false>},
    {"aten::norm.dtype_out(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype, Tensor(a!) out) -> "
     "Tensor(a!)",
     normDimDtype<true>},
    {"aten::norm.ScalarOpt_dtype(Tensor self, Scalar? p, *, ScalarType dtype) -> Tensor", normDtype<false>},
    {"aten::norm.ScalarOpt_dtype_out(Tensor self, Scalar? p, *, ScalarType dtype, Tensor(a!) out) -> Tensor(a!)",
     normDtype<true>},

    {"aten::all(Tensor self) -> Tensor", unaryOp<allAll>},
    {"aten::all.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<allAllOut>},
    {"aten::all.dim(Tensor self, int dim, bool keepdim=False) -> Tensor", dimKeep<allDim>},
    {"aten::all.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)", dimKeepOut<all_out>},
    {"aten::any(Tensor self) -> Tensor", unaryOp<anyAll>},
    {"aten::any.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<anyAllOut>},
    {"aten::any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor", dimKeep<anyDim>},
    {"aten::any.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)", dimKeepOut<any_out>},

    {"aten::cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", dimDtype<cumsum>},
    {"aten::cumsum_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)", dimDtypeInplace<cumsum>},
    {"aten::cumsum.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
     dimDtypeOut<cumsum>},
    {"aten::cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", dimDtype<cumprod>},
    {"aten::cumprod_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)", dimDtypeInplace<cumprod>},
    {"aten::cumprod.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
     dimDtypeOut<cumprod>},
    {"aten::cummax(Tensor self, int dim) -> (Tensor values, Tensor indices)", cumPair<cummax>},
    {"aten::cummax.out(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, "
     "Tensor(b!) indices)",
     cumPairOut<cummax>},
    {"aten::cummin(Tensor self, int dim) -> (Tensor values, Tensor indices)", cumPair<cummin>},
    {"aten::cummin.out(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, "
     "Tensor(b!) indices)",
     cumPairOut<cummin>},
    {"aten::softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", dimDtype<softmax>},
    {"aten::softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)",
     dimDtypeOut<softmax>},
    {"aten::log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", dimDtype<log_softmax>},
    {"aten::log_softmax.int_out(Tensor self, int dim, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)",
     dimDtypeOut<log_softmax>},
});

}  // namespace
}  // namespace ember::jit::aten
