// aten:: operators composed from the tensor library's shape, sort and indexing ops:
// tensor_split and hsplit/vsplit/dsplit (lists of views), diag, row_stack, argwhere, msort; and
// the inverse hyperbolic functions composed from its math ops. PyTorch 1.13's schemas and errors.
#include <cmath>
#include <complex>

#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"
#include "runtime/ops/write_inplace.h"

namespace ember::jit::aten {
namespace {

// ---- tensor_split: n nearly equal sections, or cuts at the given indices ----
std::vector<Tensor> splitSections(const Tensor& self, int64_t sections, int64_t dim) {
  EMBER_CHECK(self.dim() > 0, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims");
  EMBER_CHECK(sections > 0, "number of sections must be larger than 0, got ", sections);
  int64_t d = wrapDim(dim, self.dim());
  int64_t size = self.size(d), base = size / sections, extra = size % sections;
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t i = 0; i < sections; ++i) {
    int64_t len = base + (i < extra ? 1 : 0);
    out.push_back(slice(self, d, start, start + len));
    start += len;
  }
  return out;
}
std::vector<Tensor> splitIndices(const Tensor& self, IntArrayRef indices, int64_t dim) {
  EMBER_CHECK(self.dim() > 0, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims");
  int64_t d = wrapDim(dim, self.dim());
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t cut : indices) {
    out.push_back(slice(self, d, start, cut));
    start = cut;
  }
  out.push_back(slice(self, d, start, std::nullopt));
  return out;
}
void tensorSplitSections(Stack& s) {
  IValue* a = args(s, 3);
  std::vector<Tensor> r = splitSections(tensorArg(a[0]), intArg(a[1]), intArg(a[2]));
  retTensorList(s, 3, r);
}
void tensorSplitIndices(Stack& s) {
  IValue* a = args(s, 3);
  DimVector indices = intListArg(a[1]);
  std::vector<Tensor> r = splitIndices(tensorArg(a[0]), indices, intArg(a[2]));
  retTensorList(s, 3, r);
}
void tensorSplitTensor(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]), spec = tensorArg(a[1]);
  int64_t dim = intArg(a[2]);
  EMBER_CHECK(spec.dtype() == ScalarType::Long,
              "tensor_split expected tensor_indices_or_sections to have dtype of long, but got ",
              scalarTypeName(spec.dtype()));
  EMBER_CHECK(spec.dim() <= 1,
              "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, "
              "but got a tensor with ",
              spec.dim(), " dims");
  std::vector<Tensor> r;
  if (spec.dim() == 0) {
    r = splitSections(self, spec.item().toLong(), dim);
  } else {
    DimVector indices;
    for (const Scalar& v : spec.scalars()) indices.push_back(v.toLong());
    r = splitIndices(self, indices, dim);
  }
  retTensorList(s, 3, r);
}

// hsplit / vsplit / dsplit: tensor_split along dim 1 (0 for 1-D), 0 or 2, with their own checks.
struct DirSplit {
  const char* name;
  int64_t minDims;
  int64_t dimFor1d;  // the split dim of a tensor with fewer dims than the usual one
  int64_t dim;
};
int64_t dirSplitDim(const Tensor& self, const DirSplit& k) {
  EMBER_CHECK(self.dim() >= k.minDims, "torch.", k.name, " requires a tensor with at least ", k.minDims,
              " dimension, but got a tensor with ", self.dim(), " dimensions!");
  return self.dim() > k.dim ? k.dim : k.dimFor1d;
}
template <int kKind>
constexpr DirSplit dirSplit() {
  if constexpr (kKind == 0)
    return {"hsplit", 1, 0, 1};
  else if constexpr (kKind == 1)
    return {"vsplit", 2, 0, 0};
  else
    return {"dsplit", 3, 2, 2};
}
template <int kKind>
void dirSplitInt(Stack& s) {
  constexpr DirSplit k = dirSplit<kKind>();
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  int64_t sections = intArg(a[1]);
  int64_t d = dirSplitDim(self, k);
  EMBER_CHECK(sections != 0 && self.size(d) % sections == 0, "torch.", k.name, " attempted to split along dimension ",
              d, ", but the size of the dimension ", self.size(d), " is not divisible by the split_size ", sections,
              "!");
  std::vector<Tensor> r = splitSections(self, sections, d);
  retTensorList(s, 2, r);
}
template <int kKind>
void dirSplitArray(Stack& s) {
  constexpr DirSplit k = dirSplit<kKind>();
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  DimVector indices = intListArg(a[1]);
  std::vector<Tensor> r = splitIndices(self, indices, dirSplitDim(self, k));
  retTensorList(s, 2, r);
}

// ---- diag: 1-D -> the square matrix with self on a diagonal; 2-D -> a copy of a diagonal ----
Tensor diag(const Tensor& self, int64_t diagonalOffset) {
  if (self.dim() == 2) return clone(diagonal(self, diagonalOffset), MemoryFormat::Contiguous);
  EMBER_CHECK(self.dim() == 1, "diag(): Supports 1D or 2D tensors. Got ", self.dim(), "D");
  int64_t n = self.size(0) + std::abs(diagonalOffset);
  Tensor r = zeros({n, n}, TensorOptions(self.dtype()));
  copy_(diagonal(r, diagonalOffset), self);
  return r;
}
template <bool kOut>
void diagOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  Tensor r = diag(tensorArg(a[0]), intArg(a[1]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// ---- row_stack (vstack), argwhere (nonzero), msort (sorted values along dim 0) ----
Tensor rowStack(const std::vector<Tensor>& tensors) {
  EMBER_CHECK(!tensors.empty(), "vstack expects a non-empty TensorList");
  std::vector<Tensor> rows;
  for (const Tensor& t : tensors) {
    rows.push_back(t.dim() == 0 ? reshape(t, {1, 1}) : t.dim() == 1 ? unsqueeze(t, 0) : t);
  }
  return cat(ArrayRef<Tensor>(rows.data(), rows.size()), 0);
}
void rowStackOp(Stack& s) {
  Tensor r = rowStack(tensorListArg(*args(s, 1)));
  ret(s, 1, std::move(r));
}
void rowStackOut(Stack& s) {
  IValue* a = args(s, 2);
  Tensor out = tensorArg(a[1]);
  writeOut(out, rowStack(tensorListArg(a[0])));
  ret(s, 2, std::move(out));
}
Tensor argwhere(const Tensor& self) { return nonzero(self); }
Tensor msort(const Tensor& self) { return std::get<0>(sort(self, 0, false)); }
Tensor& msortOut(Tensor& out, const Tensor& self) { return writeOut(out, msort(self)); }

// ---- asinh, acosh, atanh (and their arc* names) ----
// Computed in double (then cast back) with cancellation-free forms; beyond 1e8 the asymptote
// log(2|x|) avoids overflowing x^2. Integer inputs give the default float dtype.
constexpr double kLn2 = 0.69314718055994530942;
template <typename F>
Tensor inDouble(const Tensor& self, F f) {
  ScalarType outType = self.is_floating_point() ? self.dtype() : defaultDtype();
  Tensor x = to(self, ScalarType::Double);
  Tensor r = f(x);
  return outType == ScalarType::Double ? r : to(r, outType);
}
// Complex inputs: std::asinh/acosh/atanh of each element (PyTorch's complex kernels call them).
template <typename F>
Tensor mapComplex(const Tensor& self, F f) {
  Tensor r = self.contiguous().clone();
  auto run = [&](auto tag) {
    using C = decltype(tag);
    C* p = static_cast<C*>(r.data_ptr());
    for (int64_t i = 0, n = r.numel(); i < n; ++i) p[i] = f(p[i]);
  };
  if (self.dtype() == ScalarType::ComplexFloat) run(std::complex<float>{});
  else run(std::complex<double>{});
  return r;
}
Tensor asinh(const Tensor& self) {
  if (self.is_complex()) return mapComplex(self, [](auto z) { return std::asinh(z); });
  return inDouble(self, [](const Tensor& x) {
    Tensor ax = abs(x);
    Tensor small = log1p(add(ax, div(mul(x, x), add(sqrt(add(mul(x, x), Scalar(1))), Scalar(1)))));
    Tensor big = add(log(ax), Scalar(kLn2));
    Tensor mag = where(gt(ax, Scalar(1e8)), big, small);
    return where(signbit(x), neg(mag), mag);
  });
}
Tensor acosh(const Tensor& self) {
  if (self.is_complex()) return mapComplex(self, [](auto z) { return std::acosh(z); });
  return inDouble(self, [](const Tensor& x) {
    Tensor xm1 = sub(x, Scalar(1));
    Tensor small = log1p(add(xm1, sqrt(mul(xm1, add(x, Scalar(1))))));
    Tensor big = add(log(x), Scalar(kLn2));
    return where(gt(x, Scalar(1e8)), big, small);
  });
}
Tensor atanh(const Tensor& self) {
  if (self.is_complex()) return mapComplex(self, [](auto z) { return std::atanh(z); });
  return inDouble(self,
                  [](const Tensor& x) { return mul(log1p(div(mul(x, Scalar(2)), rsub(x, Scalar(1)))), Scalar(0.5)); });
}
template <UnaryFn F>
Tensor& inplaceVia(Tensor& self) {
  return writeInplace(self, F(self));
}
template <UnaryFn F>
Tensor& outVia(Tensor& out, const Tensor& self) {
  return writeOut(out, F(self));
}

#define EMBER_COMPOSED_UNARY(name, fn)                                                         \
  {"aten::" name "(Tensor self) -> Tensor", unaryOp<fn>},                                      \
      {"aten::" name "_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<inplaceVia<fn>>}, {    \
    "aten::" name ".out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<outVia<fn>> \
  }

RegisterOperators reg({
    {"aten::tensor_split.sections(Tensor(a -> *) self, int sections, int dim=0) -> Tensor(a)[]", tensorSplitSections},
    {"aten::tensor_split.indices(Tensor(a -> *) self, int[] indices, int dim=0) -> Tensor(a)[]", tensorSplitIndices},
    {"aten::tensor_split.tensor_indices_or_sections(Tensor(a -> *) self, Tensor tensor_indices_or_sections, int "
     "dim=0) -> Tensor(a)[]",
     tensorSplitTensor},
    {"aten::hsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]", dirSplitInt<0>},
    {"aten::hsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]", dirSplitArray<0>},
    {"aten::vsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]", dirSplitInt<1>},
    {"aten::vsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]", dirSplitArray<1>},
    {"aten::dsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]", dirSplitInt<2>},
    {"aten::dsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]", dirSplitArray<2>},
    {"aten::diag(Tensor self, int diagonal=0) -> Tensor", diagOp<false>},
    {"aten::diag.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)", diagOp<true>},
    {"aten::row_stack(Tensor[] tensors) -> Tensor", rowStackOp},
    {"aten::row_stack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)", rowStackOut},
    {"aten::argwhere(Tensor self) -> Tensor", unaryOp<argwhere>},
    {"aten::msort(Tensor self) -> Tensor", unaryOp<msort>},
    {"aten::msort.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<msortOut>},
    EMBER_COMPOSED_UNARY("asinh", asinh),
    EMBER_COMPOSED_UNARY("arcsinh", asinh),
    EMBER_COMPOSED_UNARY("acosh", acosh),
    EMBER_COMPOSED_UNARY("arccosh", acosh),
    EMBER_COMPOSED_UNARY("atanh", atanh),
    EMBER_COMPOSED_UNARY("arctanh", atanh),
});

#undef EMBER_COMPOSED_UNARY

}  // namespace
}  // namespace ember::jit::aten
