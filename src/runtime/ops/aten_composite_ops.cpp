// aten:: operators PyTorch composes from other ops and the tensor library has no kernel of its
// own (cpu, positive, square, mH, fliplr/flipud, atleast_Nd, h/v/d/column_stack, meshgrid, trace,
// logaddexp, hypot, deg2rad/rad2deg, dist, count_nonzero, repeat_interleave, rot90, logit, xlogy,
// copysign, sinc, select/slice_scatter, one_hot, unsafe_split/chunk, ravel, take_along_dim,
// conj/real for real dtypes, nanmean, the special_* aliases), with PyTorch 1.13's schemas and errors.
#include <cmath>
#include <cstdlib>
#include <string>

#include "ember/tensor/ops/complex.h"
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"
#include "runtime/ops/write_inplace.h"

namespace ember::jit::aten {
namespace {

// ---- identities and simple views ----
Tensor cpuOp(const Tensor& self) { return self; }
Tensor cudaOp(const Tensor&) { EMBER_ERROR("Torch not compiled with CUDA enabled (ember computes on the CPU only)"); }
Tensor positiveOp(const Tensor& self) {
  EMBER_CHECK(self.dtype() != ScalarType::Bool, "The `+` operator, on a bool tensor is not supported.");
  return self;
}
Tensor squareOp(const Tensor& self) { return pow(self, Scalar(2)); }
Tensor& squareInplace(Tensor& self) { return pow_(self, Scalar(2)); }
Tensor& squareOut(Tensor& out, const Tensor& self) { return pow_out(out, self, Scalar(2)); }
Tensor mHOp(const Tensor& self) {
  EMBER_CHECK(self.dim() >= 2 || self.dim() == 0, "tensor.mH is only supported on matrices or batches of matrices. Got ", self.dim(),
              "-D tensor.");
  return adjoint(self);
}
Tensor fliplrOp(const Tensor& self) {
  EMBER_CHECK(self.dim() >= 2, "Input must be >= 2-d.");
  return flip(self, {1});
}
Tensor flipudOp(const Tensor& self) {
  EMBER_CHECK(self.dim() >= 1, "Input must be >= 1-d.");
  return flip(self, {0});
}

// ---- atleast_Nd ----
Tensor atleast1d(const Tensor& self) { return self.dim() == 0 ? reshape(self, {1}) : self; }
Tensor atleast2d(const Tensor& self) {
  if (self.dim() == 0) return reshape(self, {1, 1});
  return self.dim() == 1 ? unsqueeze(self, 0) : self;
}
Tensor atleast3d(const Tensor& self) {
  if (self.dim() == 0) return reshape(self, {1, 1, 1});
  if (self.dim() == 1) return unsqueeze(unsqueeze(self, 0), -1);
  return self.dim() == 2 ? unsqueeze(self, -1) : self;
}
template <UnaryFn F>
void atleastSequence(Stack& s) {
  std::vector<Tensor> tensors = tensorListArg(*args(s, 1));
  for (Tensor& t : tensors) t = F(t);
  retTensorList(s, 1, tensors);
}

// ---- stacking along existing dims ----
using ListFn = Tensor (*)(const std::vector<Tensor>&);
std::vector<Tensor> mapped(const std::vector<Tensor>& tensors, UnaryFn f) {
  std::vector<Tensor> out;
  out.reserve(tensors.size());
  for (const Tensor& t : tensors) out.push_back(f(t));
  return out;
}
Tensor hstackOp(const std::vector<Tensor>& tensors) {
  EMBER_CHECK(!tensors.empty(), "hstack expects a non-empty TensorList");
  std::vector<Tensor> t = mapped(tensors, atleast1d);
  return cat(ArrayRef<Tensor>(t.data(), t.size()), t[0].dim() == 1 ? 0 : 1);
}
Tensor vstackOp(const std::vector<Tensor>& tensors) {
  EMBER_CHECK(!tensors.empty(), "vstack expects a non-empty TensorList");
  std::vector<Tensor> t = mapped(tensors, atleast2d);
  return cat(ArrayRef<Tensor>(t.data(), t.size()), 0);
}
Tensor dstackOp(const std::vector<Tensor>& tensors) {
  EMBER_CHECK(!tensors.empty(), "dstack expects a non-empty TensorList");
  std::vector<Tensor> t = mapped(tensors, atleast3d);
  return cat(ArrayRef<Tensor>(t.data(), t.size()), 2);
}
Tensor asColumn(const Tensor& t) { return t.dim() <= 1 ? reshape(t, {t.numel(), 1}) : t; }
Tensor columnStackOp(const std::vector<Tensor>& tensors) {
  EMBER_CHECK(!tensors.empty(), "column_stack expects a non-empty TensorList");
  std::vector<Tensor> t = mapped(tensors, asColumn);
  return cat(ArrayRef<Tensor>(t.data(), t.size()), 1);
}
template <ListFn F>
void stackListOp(Stack& s) {
  std::vector<Tensor> tensors = tensorListArg(*args(s, 1));
  Tensor r = F(tensors);
  ret(s, 1, std::move(r));
}
template <ListFn F>
void stackListOut(Stack& s) {
  IValue* a = args(s, 2);
  std::vector<Tensor> tensors = tensorListArg(a[0]);
  Tensor out = tensorArg(a[1]);
  writeOut(out, F(tensors));
  ret(s, 2, std::move(out));
}

// ---- meshgrid(tensors, *, indexing) ----
std::vector<Tensor> meshgridIj(const std::vector<Tensor>& tensors) {
  DimVector shape;
  for (const Tensor& t : tensors) {
    EMBER_CHECK(t.dim() <= 1, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: ", repr(t));
    shape.push_back(t.numel());
  }
  for (size_t i = 1; i < tensors.size(); ++i) {
    EMBER_CHECK(tensors[i].dtype() == tensors[0].dtype(),
                "torch.meshgrid: Expected all tensors in the tensor list to have the same dtype.");
  }
  std::vector<Tensor> grids;
  for (size_t i = 0; i < tensors.size(); ++i) {
    DimVector viewShape(shape.size(), 1);
    viewShape[i] = -1;
    grids.push_back(expand(view(tensors[i], viewShape), shape));
  }
  return grids;
}
std::vector<Tensor> meshgrid(std::vector<Tensor> tensors, std::string_view indexing) {
  EMBER_CHECK(!tensors.empty(), "torch.meshgrid: Expected at least one tensor in the tensor list");
  EMBER_CHECK(indexing == "ij" || indexing == "xy",
              "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ", indexing);
  // "xy" (Cartesian) is "ij" over the inputs with the first two swapped, grids swapped back.
  bool swap = indexing == "xy" && tensors.size() >= 2;
  if (swap) std::swap(tensors[0], tensors[1]);
  std::vector<Tensor> grids = meshgridIj(tensors);
  if (swap) std::swap(grids[0], grids[1]);
  return grids;
}
void meshgridDefault(Stack& s) {
  std::vector<Tensor> r = meshgrid(tensorListArg(*args(s, 1)), "ij");
  retTensorList(s, 1, r);
}
void meshgridIndexing(Stack& s) {
  IValue* a = args(s, 2);
  std::vector<Tensor> r = meshgrid(tensorListArg(a[0]), stringArg(a[1]));
  retTensorList(s, 2, r);
}

// ---- reductions and binary math built from other ops ----
Tensor traceOp(const Tensor& self) {
  EMBER_CHECK(self.dim() == 2, "trace: expected a matrix, but got tensor with dim ", self.dim());
  return sum(diagonal(self));
}
Tensor& traceOut(Tensor& out, const Tensor& self) { return writeOut(out, traceOp(self)); }

Tensor floatOperand(const Tensor& t, ScalarType common) { return t.dtype() == common ? t : to(t, common); }
// The common dtype of a floating-only binary op (PyTorch has no integer kernels for these).
ScalarType floatResultType(const Tensor& a, const Tensor& b, const char* kernel) {
  ScalarType t = result_type(a, b);
  EMBER_CHECK(isFloatingType(t), "\"", kernel, "\" not implemented for '", scalarTypeName(t), "'");
  return t;
}
// log(exp(a) + exp(b)) without overflow: max(a, b) + log1p(exp(-|a - b|)); equal infinities give
// themselves (their difference would be NaN).
Tensor logaddexpOp(const Tensor& self, const Tensor& other) {
  ScalarType t = floatResultType(self, other, "logaddexp_cpu");
  Tensor a = floatOperand(self, t), b = floatOperand(other, t);
  Tensor m = maximum(a, b);
  Tensor r = add(m, log1p(exp(neg(abs(sub(a, b))))));
  return where(logical_and(isinf(a), eq(a, b)), a, r);
}
Tensor logaddexp2Op(const Tensor& self, const Tensor& other) {
  ScalarType t = floatResultType(self, other, "logaddexp2_cpu");
  Tensor a = floatOperand(self, t), b = floatOperand(other, t);
  Tensor m = maximum(a, b);
  Tensor r = add(m, div(log1p(exp2(neg(abs(sub(a, b))))), Scalar(std::log(2.0))));
  return where(logical_and(isinf(a), eq(a, b)), a, r);
}
Tensor hypotOp(const Tensor& self, const Tensor& other) {
  ScalarType t = floatResultType(self, other, "hypot_cpu");
  Tensor a = floatOperand(self, t), b = floatOperand(other, t);
  return sqrt(add(mul(a, a), mul(b, b)));
}
Tensor& hypotInplace(Tensor& self, const Tensor& other) {
  return writeInplace(self, hypotOp(self, other));
}
Tensor& logaddexpOut(Tensor& out, const Tensor& a, const Tensor& b) { return writeOut(out, logaddexpOp(a, b)); }
Tensor& logaddexp2Out(Tensor& out, const Tensor& a, const Tensor& b) { return writeOut(out, logaddexp2Op(a, b)); }
Tensor& hypotOut(Tensor& out, const Tensor& a, const Tensor& b) { return writeOut(out, hypotOp(a, b)); }

// deg2rad / rad2deg: integer inputs give the default float dtype.
constexpr double kPi = 3.14159265358979323846;
Tensor angleScale(const Tensor& self, double factor) {
  Tensor x = self.is_floating_point() ? self : to(self, defaultDtype());
  return mul(x, Scalar(factor));
}
Tensor deg2radOp(const Tensor& self) { return angleScale(self, kPi / 180.0); }
Tensor rad2degOp(const Tensor& self) { return angleScale(self, 180.0 / kPi); }
Tensor& deg2radInplace(Tensor& self) {
  return writeInplace(self, deg2radOp(self));
}
Tensor& rad2degInplace(Tensor& self) {
  return writeInplace(self, rad2degOp(self));
}
Tensor& deg2radOut(Tensor& out, const Tensor& self) { return writeOut(out, deg2radOp(self)); }
Tensor& rad2degOut(Tensor& out, const Tensor& self) { return writeOut(out, rad2degOp(self)); }

// dist(self, other, p): the p-norm of self - other.
template <bool kOut>
void distOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor r = norm(sub(tensorArg(a[0]), tensorArg(a[1])), scalarArg(a[2]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// ---- count_nonzero(self, int? dim | int[] dim): a Long count ----
Tensor countNonzero(const Tensor& self, IntArrayRef dims) { return sum(ne(self, Scalar(0)), dims); }
template <bool kList, bool kOut>
void countNonzeroOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  DimVector dims;
  if (kList) {
    dims = intListArg(a[1]);
  } else if (!a[1].isNone()) {
    dims.push_back(intArg(a[1]));
  }
  Tensor r = countNonzero(tensorArg(a[0]), dims);
  if constexpr (kOut) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// ---- repeat_interleave ----
// The indices 0..n-1, index i repeated repeats[i] times.
Tensor repeatIndices(const Tensor& repeats, std::optional<int64_t> outputSize) {
  EMBER_CHECK(repeats.dim() == 1, "repeat_interleave only accept 1D vector as repeat");
  EMBER_CHECK(repeats.dtype() == ScalarType::Long || repeats.dtype() == ScalarType::Int,
              "repeats has to be Long or Int tensor");
  std::vector<Scalar> counts = repeats.scalars();
  std::vector<int64_t> indices;
  for (size_t i = 0; i < counts.size(); ++i) {
    int64_t c = counts[i].toLong();
    EMBER_CHECK(c >= 0, "repeats can not be negative");
    indices.insert(indices.end(), static_cast<size_t>(c), static_cast<int64_t>(i));
  }
  if (outputSize) {
    EMBER_CHECK(*outputSize == static_cast<int64_t>(indices.size()), "allocated size does not match required size");
  }
  return tensor(indices, TensorOptions(repeats.dtype()));
}
Tensor repeatInterleave(const Tensor& self, Tensor repeats, std::optional<int64_t> dim,
                        std::optional<int64_t> outputSize) {
  Tensor input = self;
  int64_t d = 0;
  if (dim) {
    d = wrapDim(*dim, self.dim());
  } else {
    input = reshape(self, {-1});
  }
  if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.numel() == 1)) {
    repeats = expand(reshape(repeats, {1}), {input.size(d)});
  }
  EMBER_CHECK(repeats.dim() == 1 && repeats.numel() == input.size(d),
              "repeats must have the same size as input along dim");
  return index_select(input, d, to(repeatIndices(repeats, outputSize), ScalarType::Long));
}
// repeat_interleave.Tensor(repeats, *, output_size) [out]
template <bool kOut>
void repeatInterleaveIndices(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  Tensor r = repeatIndices(tensorArg(a[0]), optIntArg(a[1]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
// repeat_interleave.self_Tensor / .self_int(self, repeats, int? dim, *, int? output_size)
void repeatInterleaveSelf(Stack& s) {
  IValue* a = args(s, 4);
  Tensor self = tensorArg(a[0]);
  Tensor repeats = a[1].isTensor() ? tensorArg(a[1]) : scalar_tensor(intArg(a[1]), TensorOptions(ScalarType::Long));
  Tensor r = repeatInterleave(self, repeats, optIntArg(a[2]), optIntArg(a[3]));
  ret(s, 4, std::move(r));
}

// ---- rot90(self, k, dims) ----
Tensor rot90(const Tensor& self, int64_t k, IntArrayRef dims) {
  int64_t total = self.dim();
  EMBER_CHECK(dims.size() == 2, "expected total rotation dims == 2, but got dims = ", dims.size());
  EMBER_CHECK(total >= 2, "expected total dims >= 2, but got total dims = ", total);
  EMBER_CHECK(dims[0] != dims[1] && std::abs(dims[0] - dims[1]) != total,
              "expected rotation dims to be different, but got dim0 = ", dims[0], " and dim1 = ", dims[1]);
  int64_t d0 = wrapDim(dims[0], total), d1 = wrapDim(dims[1], total);
  switch (((k % 4) + 4) % 4) {
    case 1:
      return transpose(flip(self, {d1}), d0, d1);
    case 2:
      return flip(self, {d0, d1});
    case 3:
      return transpose(flip(self, {d0}), d0, d1);
    default:
      return clone(self, MemoryFormat::Contiguous);
  }
}
template <bool kOut>
void rot90Op(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  DimVector dims = intListArg(a[2]);
  Tensor r = rot90(tensorArg(a[0]), intArg(a[1]), dims);
  if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// ---- elementwise functions composed from others (integers compute in the default float dtype) ----
Tensor asFloat(const Tensor& t) { return t.is_floating_point() ? t : to(t, defaultDtype()); }
// logit(self, eps): log(x / (1 - x)), x clamped to [eps, 1 - eps] when eps is given.
Tensor logit(const Tensor& self, std::optional<double> eps) {
  Tensor x = asFloat(self);
  if (eps) x = clamp(x, std::optional<Scalar>(*eps), std::optional<Scalar>(1.0 - *eps));
  return log(div(x, rsub(x, Scalar(1))));
}
template <int kForm>  // 0: functional, 1: in place, 2: out=
void logitOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 3 : 2;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Tensor r = logit(self, optDoubleArg(a[1]));
  if constexpr (kForm == 1) {
    writeInplace(self, r);
    r = std::move(self);
  } else if constexpr (kForm == 2) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
// xlogy(x, y): x * log(y), 0 where x == 0 (unless y is NaN).
Tensor xlogy(const Tensor& self, const Tensor& other) {
  ScalarType t = result_type(self, other);
  if (!isFloatingType(t)) t = defaultDtype();
  Tensor x = self.dtype() == t ? self : to(self, t), y = other.dtype() == t ? other : to(other, t);
  Tensor r = mul(x, log(y));
  r = where(eq(x, Scalar(0)), Scalar(0.0), r);
  return where(isnan(y), y, r);
}
Tensor& xlogyInplace(Tensor& self, const Tensor& other) {
  return writeInplace(self, xlogy(self, other));
}
Tensor& xlogyOut(Tensor& out, const Tensor& self, const Tensor& other) { return writeOut(out, xlogy(self, other)); }
// copysign(a, b): |a| with b's sign (signbit, so -0.0 counts as negative).
Tensor copysign(const Tensor& self, const Tensor& other) {
  ScalarType t = result_type(self, other);
  if (!isFloatingType(t)) t = defaultDtype();
  Tensor a = self.dtype() == t ? self : to(self, t), b = other.dtype() == t ? other : to(other, t);
  Tensor m = abs(a);
  return where(signbit(b), neg(m), m);
}
Tensor& copysignInplace(Tensor& self, const Tensor& other) {
  return writeInplace(self, copysign(self, other));
}
Tensor& copysignOut(Tensor& out, const Tensor& self, const Tensor& other) {
  return writeOut(out, copysign(self, other));
}
// sinc(x) = sin(pi x) / (pi x), 1 at 0.
Tensor sinc(const Tensor& self) {
  Tensor x = self.is_complex() ? self : asFloat(self);
  Tensor px = mul(x, Scalar(kPi));
  return where(eq(x, Scalar(0)), Scalar(1.0), div(sin(px), px));
}
Tensor& sincInplace(Tensor& self) {
  return writeInplace(self, sinc(self));
}
Tensor& sincOut(Tensor& out, const Tensor& self) { return writeOut(out, sinc(self)); }

// ---- select_scatter / slice_scatter: a copy of self with src written into the view ----
std::string sizesStr(IntArrayRef sizes) {
  std::string out = "[";
  for (size_t i = 0; i < sizes.size(); ++i) out += (i ? ", " : "") + std::to_string(sizes[i]);
  return out + "]";
}
Tensor scatterIntoView(const Tensor& self, const Tensor& src, Tensor (*view)(const Tensor&, IValue*), IValue* a) {
  Tensor r = clone(self, MemoryFormat::Contiguous);
  Tensor v = view(r, a);
  EMBER_CHECK(v.sizes() == src.sizes(),
              "expected src to have a size equal to the slice of self. src size = ", sizesStr(src.sizes()),
              ", slice size = ", sizesStr(v.sizes()));
  copy_(v, src);
  return r;
}
Tensor selectView(const Tensor& t, IValue* a) { return select(t, intArg(a[2]), intArg(a[3])); }
Tensor sliceView(const Tensor& t, IValue* a) {
  return slice(t, intArg(a[2]), optIntArg(a[3]), optIntArg(a[4]), intArg(a[5]));
}
template <bool kSlice, bool kOut>
void viewScatterOp(Stack& s) {
  constexpr size_t n = (kSlice ? 6 : 4) + (kOut ? 1 : 0);
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]), src = tensorArg(a[1]);
  Tensor r = scatterIntoView(self, src, kSlice ? sliceView : selectView, a);
  if constexpr (kOut) {
    Tensor out = tensorArg(a[n - 1]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// ---- one_hot(self, num_classes): Long, one extra trailing dim ----
Tensor oneHot(const Tensor& self, int64_t numClasses) {
  EMBER_CHECK(self.dtype() == ScalarType::Long, "one_hot is only applicable to index tensor.");
  if (numClasses == -1) {
    EMBER_CHECK(self.numel() > 0, "Can not infer total number of classes from empty tensor.");
    numClasses = max(self).item().toLong() + 1;
  }
  if (self.numel() > 0) {
    EMBER_CHECK(min(self).item().toLong() >= 0, "Class values must be non-negative.");
    EMBER_CHECK(max(self).item().toLong() < numClasses, "Class values must be smaller than num_classes.");
  }
  EMBER_CHECK(numClasses >= 0, "num_classes should be positive");
  return to(eq(unsqueeze(self, -1), arange(Scalar(numClasses), TensorOptions(ScalarType::Long))), ScalarType::Long);
}
void oneHotOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = oneHot(tensorArg(a[0]), intArg(a[1]));
  ret(s, 2, std::move(r));
}

// ---- unsafe_split / unsafe_chunk: the same views (the "unsafe" is about autograd) ----
void unsafeChunk(Stack& s) {
  IValue* a = args(s, 3);
  std::vector<Tensor> r = chunk(tensorArg(a[0]), intArg(a[1]), intArg(a[2]));
  retTensorList(s, 3, r);
}
void unsafeSplit(Stack& s) {
  IValue* a = args(s, 3);
  std::vector<Tensor> r = split(tensorArg(a[0]), intArg(a[1]), intArg(a[2]));
  retTensorList(s, 3, r);
}
void unsafeSplitWithSizes(Stack& s) {
  IValue* a = args(s, 3);
  DimVector sizes = intListArg(a[1]);
  std::vector<Tensor> r = split_with_sizes(tensorArg(a[0]), sizes, intArg(a[2]));
  retTensorList(s, 3, r);
}
Tensor ravel(const Tensor& self) { return reshape(self, {-1}); }
Tensor identity(const Tensor& self) { return self; }

// conj and real are the tensor itself for real dtypes. A complex tensor's conj is materialised
// (ember has no lazy conjugate bit, see ember/tensor/ops/complex.h); its real part is a view.
Tensor conjOp(const Tensor& self) { return complexConj(self); }
Tensor realOp(const Tensor& self) { return complexReal(self); }

// ---- take_along_dim(self, indices, int? dim): gather after broadcasting all other dims ----
Tensor takeAlongDim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim) {
  EMBER_CHECK(indices.dtype() == ScalarType::Long, "torch.take_along_dim(): dtype of indices should be Long but got ",
              scalarTypeName(indices.dtype()));
  if (!dim) return gather(reshape(self, {-1}), 0, reshape(indices, {-1}));
  EMBER_CHECK(self.dim() == indices.dim(), "torch.take_along_dim(): input and indices should have the same number of ",
              "dimensions, but got ", self.dim(), " dimensions for input, and ", indices.dim(),
              " dimensions for indices");
  int64_t d = wrapDim(*dim, self.dim());
  DimVector selfShape(self.sizes()), indexShape(indices.sizes());
  selfShape[d] = 1;
  indexShape[d] = 1;
  DimVector common = broadcast_shapes(selfShape, indexShape);
  DimVector selfTarget = common, indexTarget = common;
  selfTarget[d] = self.size(d);
  indexTarget[d] = indices.size(d);
  return gather(expand(self, selfTarget), d, expand(indices, indexTarget));
}
template <bool kOut>
void takeAlongDimOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor r = takeAlongDim(tensorArg(a[0]), tensorArg(a[1]), optIntArg(a[2]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// ---- nanmean(self, dim, keepdim, *, dtype): nansum over the count of non-NaN values ----
Tensor nanmean(const Tensor& self, IntArrayRef dim, bool keepdim, std::optional<ScalarType> dtype) {
  EMBER_CHECK(self.is_floating_point(), "nanmean(): expected input to have floating point dtype but got ",
              scalarTypeName(self.dtype()));
  Tensor count = sum(logical_not(isnan(self)), dim, keepdim);
  return div(nansum(self, dim, keepdim, dtype), count);
}
template <bool kOut>
void nanmeanOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  DimVector dims = dimListArg(a[1]);
  Tensor r = nanmean(tensorArg(a[0]), dims, boolArg(a[2]), optScalarTypeArg(a[3]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[4]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// ---- special_* aliases ----
Tensor& sigmoidOut(Tensor& out, const Tensor& self) { return sigmoid_out(out, self); }
void specialRound(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = round(tensorArg(a[0]), intArg(a[1]));
  ret(s, 2, std::move(r));
}
void specialRoundOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  round_out(out, tensorArg(a[0]), intArg(a[1]));
  ret(s, 3, std::move(out));
}
void specialSoftmax(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = softmax(tensorArg(a[0]), intArg(a[1]), optScalarTypeArg(a[2]));
  ret(s, 3, std::move(r));
}
void specialLogSoftmax(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = log_softmax(tensorArg(a[0]), intArg(a[1]), optScalarTypeArg(a[2]));
  ret(s, 3, std::move(r));
}
template <bool kOut>
void specialLogsumexp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  DimVector dims = intListArg(a[1]);
  if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    logsumexp_out(out, tensorArg(a[0]), dims, boolArg(a[2]));
    ret(s, n, std::move(out));
  } else {
    ret(s, n, logsumexp(tensorArg(a[0]), dims, boolArg(a[2])));
  }
}

RegisterOperators reg({
    {"aten::cpu(Tensor(a) self) -> Tensor(b|a)", unaryOp<cpuOp>},
    {"aten::cuda(Tensor(a) self) -> Tensor(b|a)", unaryOp<cudaOp>},
    {"aten::positive(Tensor(a) self) -> Tensor(a)", unaryOp<positiveOp>},
    {"aten::square(Tensor self) -> Tensor", unaryOp<squareOp>},
    {"aten::square_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<squareInplace>},
    {"aten::square.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<squareOut>},
    {"aten::mH(Tensor(a) self) -> Tensor(a)", unaryOp<mHOp>},
    {"aten::mH.a(Tensor(a) self) -> Tensor(a)", unaryOp<mHOp>},
    {"aten::fliplr(Tensor self) -> Tensor", unaryOp<fliplrOp>},
    {"aten::flipud(Tensor self) -> Tensor", unaryOp<flipudOp>},
    {"aten::atleast_1d(Tensor self) -> Tensor", unaryOp<atleast1d>},
    {"aten::atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]", atleastSequence<atleast1d>},
    {"aten::atleast_2d(Tensor self) -> Tensor", unaryOp<atleast2d>},
    {"aten::atleast_2d.Sequence(Tensor[] tensors) -> Tensor[]", atleastSequence<atleast2d>},
    {"aten::atleast_3d(Tensor self) -> Tensor", unaryOp<atleast3d>},
    {"aten::atleast_3d.Sequence(Tensor[] tensors) -> Tensor[]", atleastSequence<atleast3d>},
    {"aten::hstack(Tensor[] tensors) -> Tensor", stackListOp<hstackOp>},
    {"aten::hstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)", stackListOut<hstackOp>},
    {"aten::vstack(Tensor[] tensors) -> Tensor", stackListOp<vstackOp>},
    {"aten::vstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)", stackListOut<vstackOp>},
    {"aten::dstack(Tensor[] tensors) -> Tensor", stackListOp<dstackOp>},
    {"aten::dstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)", stackListOut<dstackOp>},
    {"aten::column_stack(Tensor[] tensors) -> Tensor", stackListOp<columnStackOp>},
    {"aten::column_stack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)", stackListOut<columnStackOp>},
    {"aten::meshgrid(Tensor[] tensors) -> Tensor[]", meshgridDefault},
    {"aten::meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]", meshgridIndexing},
    {"aten::trace(Tensor self) -> Tensor", unaryOp<traceOp>},
    {"aten::trace.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<traceOut>},
    {"aten::logaddexp(Tensor self, Tensor other) -> Tensor", binaryOp<logaddexpOp>},
    {"aten::logaddexp.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<logaddexpOut>},
    {"aten::logaddexp2(Tensor self, Tensor other) -> Tensor", binaryOp<logaddexp2Op>},
    {"aten::logaddexp2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<logaddexp2Out>},
    {"aten::hypot(Tensor self, Tensor other) -> Tensor", binaryOp<hypotOp>},
    {"aten::hypot_(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<hypotInplace>},
    {"aten::hypot.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<hypotOut>},
    {"aten::deg2rad(Tensor self) -> Tensor", unaryOp<deg2radOp>},
    {"aten::deg2rad_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<deg2radInplace>},
    {"aten::deg2rad.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<deg2radOut>},
    {"aten::rad2deg(Tensor self) -> Tensor", unaryOp<rad2degOp>},
    {"aten::rad2deg_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<rad2degInplace>},
    {"aten::rad2deg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<rad2degOut>},
    {"aten::dist(Tensor self, Tensor other, Scalar p=2) -> Tensor", distOp<false>},
    {"aten::dist.out(Tensor self, Tensor other, Scalar p=2, *, Tensor(a!) out) -> Tensor(a!)", distOp<true>},
    {"aten::count_nonzero(Tensor self, int? dim=None) -> Tensor", countNonzeroOp<false, false>},
    {"aten::count_nonzero.out(Tensor self, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)",
     countNonzeroOp<false, true>},
    {"aten::count_nonzero.dim_IntList(Tensor self, int[] dim) -> Tensor", countNonzeroOp<true, false>},
    {"aten::count_nonzero.dim_IntList_out(Tensor self, int[] dim, *, Tensor(a!) out) -> Tensor(a!)",
     countNonzeroOp<true, true>},
    {"aten::repeat_interleave.Tensor(Tensor repeats, *, int? output_size=None) -> Tensor",
     repeatInterleaveIndices<false>},
    {"aten::repeat_interleave.Tensor_out(Tensor repeats, *, int? output_size=None, Tensor(a!) out) -> Tensor(a!)",
     repeatInterleaveIndices<true>},
    {"aten::repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, int? output_size=None) -> "
     "Tensor",
     repeatInterleaveSelf},
    {"aten::repeat_interleave.self_int(Tensor self, int repeats, int? dim=None, *, int? output_size=None) -> Tensor",
     repeatInterleaveSelf},
    {"aten::rot90(Tensor self, int k=1, int[] dims=[0, 1]) -> Tensor", rot90Op<false>},
    {"aten::rot90.out(Tensor self, int k=1, int[] dims=[0, 1], *, Tensor(a!) out) -> Tensor(a!)", rot90Op<true>},
    {"aten::logit(Tensor self, float? eps=None) -> Tensor", logitOp<0>},
    {"aten::logit_(Tensor(a!) self, float? eps=None) -> Tensor(a!)", logitOp<1>},
    {"aten::logit.out(Tensor self, float? eps=None, *, Tensor(a!) out) -> Tensor(a!)", logitOp<2>},
    {"aten::xlogy.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<xlogy>},
    {"aten::xlogy.Scalar_Other(Tensor self, Scalar other) -> Tensor", binaryOp<xlogy>},
    {"aten::xlogy.Scalar_Self(Scalar self, Tensor other) -> Tensor", binaryOp<xlogy>},
    {"aten::xlogy_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<xlogyInplace>},
    {"aten::xlogy_.Scalar_Other(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryInplaceOp<xlogyInplace>},
    {"aten::xlogy.OutTensor(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<xlogyOut>},
    {"aten::xlogy.OutScalar_Self(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<xlogyOut>},
    {"aten::xlogy.OutScalar_Other(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<xlogyOut>},
    {"aten::copysign.Tensor(Tensor self, Tensor other) -> Tensor", binaryOp<copysign>},
    {"aten::copysign.Scalar(Tensor self, Scalar other) -> Tensor", binaryOp<copysign>},
    {"aten::copysign_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", binaryInplaceOp<copysignInplace>},
    {"aten::copysign_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", binaryInplaceOp<copysignInplace>},
    {"aten::copysign.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<copysignOut>},
    {"aten::copysign.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<copysignOut>},
    {"aten::sinc(Tensor self) -> Tensor", unaryOp<sinc>},
    {"aten::sinc_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<sincInplace>},
    {"aten::sinc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<sincOut>},
    {"aten::select_scatter(Tensor self, Tensor src, int dim, int index) -> Tensor", viewScatterOp<false, false>},
    {"aten::select_scatter.out(Tensor self, Tensor src, int dim, int index, *, Tensor(a!) out) -> Tensor(a!)",
     viewScatterOp<false, true>},
    {"aten::slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) "
     "-> Tensor",
     viewScatterOp<true, false>},
    {"aten::slice_scatter.out(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt "
     "step=1, *, Tensor(a!) out) -> Tensor(a!)",
     viewScatterOp<true, true>},
    {"aten::one_hot(Tensor self, int num_classes=-1) -> Tensor", oneHotOp},
    {"aten::unsafe_chunk(Tensor self, int chunks, int dim=0) -> Tensor[]", unsafeChunk},
    {"aten::unsafe_split.Tensor(Tensor self, int split_size, int dim=0) -> Tensor[]", unsafeSplit},
    {"aten::unsafe_split_with_sizes(Tensor self, int[] split_sizes, int dim=0) -> Tensor[]", unsafeSplitWithSizes},
    {"aten::ravel(Tensor(a) self) -> Tensor(a)", unaryOp<ravel>},
    {"aten::take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor", takeAlongDimOp<false>},
    {"aten::take_along_dim.out(Tensor self, Tensor indices, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)",
     takeAlongDimOp<true>},
    {"aten::conj(Tensor(a) self) -> Tensor(a)", unaryOp<conjOp>},
    // ember never marks a tensor as lazily conjugated, so resolving is the identity for complex too.
    {"aten::resolve_conj(Tensor(a) self) -> Tensor(a)", unaryOp<identity>},
    {"aten::resolve_neg(Tensor(a) self) -> Tensor(a)", unaryOp<identity>},
    {"aten::real(Tensor(a) self) -> Tensor(a)", unaryOp<realOp>},
    {"aten::nanmean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
     nanmeanOp<false>},
    {"aten::nanmean.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) "
     "out) -> Tensor(a!)",
     nanmeanOp<true>},
    {"aten::special_expit(Tensor self) -> Tensor", unaryOp<sigmoid>},
    {"aten::special_expit.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<sigmoidOut>},
    {"aten::special_erf(Tensor self) -> Tensor", unaryOp<erf>},
    {"aten::special_erf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<erf_out>},
    {"aten::special_erfc(Tensor self) -> Tensor", unaryOp<erfc>},
    {"aten::special_erfc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<erfc_out>},
    {"aten::special_erfinv(Tensor self) -> Tensor", unaryOp<erfinv>},
    {"aten::special_erfinv.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<erfinv_out>},
    {"aten::special_exp2(Tensor self) -> Tensor", unaryOp<exp2>},
    {"aten::special_exp2.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<exp2_out>},
    {"aten::special_expm1(Tensor self) -> Tensor", unaryOp<expm1>},
    {"aten::special_expm1.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<expm1_out>},
    {"aten::special_log1p(Tensor self) -> Tensor", unaryOp<log1p>},
    {"aten::special_log1p.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<log1p_out>},
    {"aten::special_round(Tensor self, *, int decimals=0) -> Tensor", specialRound},
    {"aten::special_round.out(Tensor self, *, int decimals=0, Tensor(a!) out) -> Tensor(a!)", specialRoundOut},
    {"aten::special_sinc(Tensor self) -> Tensor", unaryOp<sinc>},
    {"aten::special_sinc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<sincOut>},
    {"aten::special_logit(Tensor self, float? eps=None) -> Tensor", logitOp<0>},
    {"aten::special_logit.out(Tensor self, float? eps=None, *, Tensor(a!) out) -> Tensor(a!)", logitOp<2>},
    {"aten::special_softmax(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", specialSoftmax},
    {"aten::special_log_softmax(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", specialLogSoftmax},
    {"aten::special_logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor", specialLogsumexp<false>},
    {"aten::special_logsumexp.out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     specialLogsumexp<true>},
    {"aten::special_xlogy(Tensor self, Tensor other) -> Tensor", binaryOp<xlogy>},
    {"aten::special_xlogy.other_scalar(Tensor self, Scalar other) -> Tensor", binaryOp<xlogy>},
    {"aten::special_xlogy.self_scalar(Scalar self, Tensor other) -> Tensor", binaryOp<xlogy>},
    {"aten::special_xlogy.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", binaryOutOp<xlogyOut>},
    {"aten::special_xlogy.self_scalar_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<xlogyOut>},
    {"aten::special_xlogy.other_scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
     binaryOutOp<xlogyOut>},
});

}  // namespace
}  // namespace ember::jit::aten
