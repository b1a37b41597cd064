// The last small aten:: operators TorchScript graphs reach (issue 15): complex(x, y) over 0-dim
// tensors (aten::Complex.* and ComplexImplicit), the sym_* size queries (plain ints: ember has no
// symbolic shapes), data, is_pinned / pin_memory (CPU only: nothing is pinned and pinning needs a
// GPU, as in PyTorch built with CUDA but run without one), is_set_to, _tensor_to_list /
// _list_to_tensor, linalg_eig.out, set_ / set over tensor sources
// (Storage forms are left out: TorchScript code cannot make a Storage), the private index_put and no-grad initialiser forms, and the out= forms of
// unsafe_split. Each is a composition of existing tensor-library functions.
#include <complex>
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/indexing.h"
#include "ember/tensor/ops/linalg_decompositions.h"
#include "ember/tensor/ops/random.h"
#include "ember/tensor/ops/shape.h"
#include "runtime/ops/aten_arg_utils.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit::aten {
namespace {

using C = std::complex<double>;

// ---- complex(x, y) ----
// A 0-dim tensor's value as a complex number (item() reads real dtypes only).
C complexItem(const Tensor& t) {
  EMBER_CHECK(t.dim() == 0, "Cannot input a tensor of dimension other than 0 as a scalar argument");
  if (!isComplexType(t.dtype())) return t.item().toComplexDouble();
  Tensor d = to(t, ScalarType::ComplexDouble);
  const double* p = static_cast<const double*>(d.data_ptr());
  return C(p[0], p[1]);
}
// A tensor operand of complex(): a one-element tensor (of any dimension) read as a real number; a complex
// value with a nonzero imaginary part does not convert (PyTorch's "cannot be converted to double").
double realOfTensor(IValue& v) {
  Tensor t = tensorArg(v);
  EMBER_CHECK(t.numel() == 1, "a Tensor with ", t.numel(), " elements cannot be converted to Scalar");
  C z = complexItem(t.dim() == 0 ? t : reshape(t, IntArrayRef()));
  EMBER_CHECK(z.imag() == 0.0, "value cannot be converted to type double without overflow");
  return z.real();
}
double realOf(IValue& v) {
  if (v.isTensor()) return realOfTensor(v);
  if (v.isBool()) return v.toBool() ? 1.0 : 0.0;
  if (v.isInt()) return static_cast<double>(v.toInt());
  return doubleArg(v);
}
void complexOf2(Stack& s) {
  IValue* a = args(s, 2);
  double re = realOf(a[0]);
  double im = realOf(a[1]);
  ret(s, 2, IValue(C(re, im)));
}
// ComplexImplicit: a 0-dim tensor as a complex number (a complex tensor keeps its imaginary part).
void complexImplicit(Stack& s) {
  IValue* a = args(s, 1);
  C r = complexItem(tensorArg(a[0]));
  ret(s, 1, IValue(r));
}

// ---- properties ----
void isPinned(Stack& s) {
  IValue* a = args(s, 2);
  tensorArg(a[0]);
  optDeviceArg(a[1]);
  ret(s, 2, false);
}
void pinMemory(Stack& s) {
  IValue* a = args(s, 2);
  tensorArg(a[0]);
  optDeviceArg(a[1]);
  EMBER_CHECK(false, "pin_memory: pinned memory needs a CUDA device, which ember does not have");
}
// is_set_to: the same storage, offset, sizes and strides.
void isSetTo(Stack& s) {
  IValue* a = args(s, 2);
  Tensor x = tensorArg(a[0]);
  Tensor y = tensorArg(a[1]);
  bool r = x.is_alias_of(y) && x.storage_offset() == y.storage_offset() && x.sizes() == y.sizes() &&
           x.strides() == y.strides();
  ret(s, 2, r);
}

// ---- list conversions ----
// _tensor_to_list reads size(0) int32 elements along the first dimension (PyTorch's helper for
// the int[] arguments TorchScript keeps as tensors).
void tensorToList(Stack& s) {
  IValue* a = args(s, 1);
  Tensor t = tensorArg(a[0]);
  EMBER_CHECK(t.dtype() == ScalarType::Int, "_tensor_to_list: expected scalar type Int but found ",
              scalarTypeName(t.dtype()));
  EMBER_CHECK(t.dim() >= 1, "_tensor_to_list: expected a tensor with at least one dimension");
  std::vector<int64_t> r;
  const int32_t* p = t.data_ptr<int32_t>();
  for (int64_t i = 0; i < t.sizes()[0]; ++i) r.push_back(p[i * t.strides()[0]]);
  ret(s, 1, makeIntList(r));
}
void listToTensor(Stack& s) {
  IValue* a = args(s, 1);
  DimVector v = intListArg(a[0]);
  Tensor r = empty({static_cast<int64_t>(v.size())}, TensorOptions().dtype(ScalarType::Int));
  for (size_t i = 0; i < v.size(); ++i) r.data_ptr<int32_t>()[i] = static_cast<int32_t>(v[i]);
  ret(s, 1, std::move(r));
}

// ---- _index_put_impl ----
// unsafe (skip the bounds checks) is accepted and ignored: ember always checks.
template <bool kInplace, bool kOut>
void indexPutImpl(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  std::vector<std::optional<Tensor>> indices = optTensorListArg(a[1]);
  Tensor values = tensorArg(a[2]);
  bool accumulate = boolArg(a[3]);
  boolArg(a[4]);
  if constexpr (kInplace) {
    index_put_(self, indices, values, accumulate);
    ret(s, n, std::move(self));
  } else {
    Tensor r = index_put(self, indices, values, accumulate);
    if constexpr (kOut) {
      Tensor out = tensorArg(a[5]);
      writeOut(out, r);
      r = out;
    }
    ret(s, n, std::move(r));
  }
}

// ---- no-grad initialisers (torch.nn.init's helpers) ----
void noGradFill(Stack& s) {
  IValue* a = args(s, 2);
  Tensor t = tensorArg(a[0]);
  fill_(t, Scalar(doubleArg(a[1])));
  ret(s, 2, std::move(t));
}
template <bool kNormal>
void noGradRandom(Stack& s) {
  IValue* a = args(s, 3);
  Tensor t = tensorArg(a[0]);
  double p = doubleArg(a[1]);
  double q = doubleArg(a[2]);
  if constexpr (kNormal) normal_(t, p, q);
  else uniform_(t, p, q);
  ret(s, 3, std::move(t));
}

// ---- unsafe_split out= forms: each piece copied into the matching out tensor ----
void writePieces(const std::vector<Tensor>& pieces, const IValue& outs) {
  std::vector<Tensor> out = tensorListArg(outs);
  EMBER_CHECK(out.size() == pieces.size(), "unsafe_split: expected ", pieces.size(), " out tensors but got ",
              out.size());
  for (size_t i = 0; i < out.size(); ++i) writeOut(out[i], pieces[i]);
}
void unsafeSplitOut(Stack& s) {
  IValue* a = args(s, 4);
  writePieces(split(tensorArg(a[0]), intArg(a[1]), intArg(a[2])), a[3]);
  dropArgs(s, 4);
}
void unsafeSplitWithSizesOut(Stack& s) {
  IValue* a = args(s, 4);
  writePieces(split_with_sizes(tensorArg(a[0]), intListArg(a[1]), intArg(a[2])), a[3]);
  dropArgs(s, 4);
}

// ---- linalg_eig.out: the complex results written into complex out tensors ----
void linalgEigOut(Stack& s) {
  IValue* a = args(s, 3);
  auto [values, vectors] = linalg_eig(tensorArg(a[0]));
  Tensor outValues = tensorArg(a[1]);
  Tensor outVectors = tensorArg(a[2]);
  for (const Tensor* out : {&outValues, &outVectors}) {
    EMBER_CHECK(isComplexType(out->dtype()) && canCast(values.dtype(), out->dtype()),
                "torch.linalg.eig: Expected the out tensors to be safely castable from ", scalarTypeName(values.dtype()),
                " dtype, but got ", scalarTypeName(out->dtype()));
  }
  ret2Out(s, 3, outValues, outVectors, std::make_tuple(values, vectors));
}

// ---- set_: re-pointing a tensor at another tensor's storage ----
// A source of another dtype is an error (PyTorch reinterprets it).
void setGeometry(Tensor& self, const Tensor& source, int64_t offset, IntArrayRef sizes, IntArrayRef strides) {
  EMBER_CHECK(self.dtype() == source.dtype(), "set_: could not set a tensor of type ", scalarTypeName(self.dtype()),
              " to a tensor of type ", scalarTypeName(source.dtype()));
  EMBER_CHECK(offset >= 0, "set_: storage offset must be non-negative, but got ", offset);
  DimVector st = strides.empty() ? contiguousStrides(sizes) : DimVector(strides.begin(), strides.end());
  EMBER_CHECK(st.size() == sizes.size(), "set_: got ", sizes.size(), " sizes and ", st.size(), " strides");
  int64_t last = offset;
  for (size_t d = 0; d < sizes.size(); ++d) {
    EMBER_CHECK(sizes[d] >= 0 && st[d] >= 0, "set_: negative sizes or strides are not allowed");
    if (sizes[d] == 0) last = -1;
    if (last >= 0) last += (sizes[d] - 1) * st[d];
  }
  // A geometry past the end enlarges the storage, keeping its contents (as PyTorch does).
  size_t needed = static_cast<size_t>(last + 1) * elementSize(source.dtype());
  if (needed > source.storage().nbytes()) {
    EMBER_CHECK(source.storage().impl()->ownsMemory(), "set_: the geometry reaches element ", last,
                " of a storage that ember cannot enlarge (borrowed memory)");
    source.storage().impl()->resize(needed);
  }
  self.impl()->setStorage(source.storage());
  self.impl()->setSizesAndStrides(sizes, st, offset);
}
template <bool kWithOffset>
void setSourceInplace(Stack& s) {
  constexpr size_t n = kWithOffset ? 5 : 2;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Tensor source = tensorArg(a[1]);
  if constexpr (kWithOffset) setGeometry(self, source, intArg(a[2]), intListArg(a[3]), intListArg(a[4]));
  else setGeometry(self, source, source.storage_offset(), source.sizes(), source.strides());
  ret(s, n, std::move(self));
}
// set_(self): an empty storage, sizes [0].
void setEmptyInplace(Stack& s) {
  IValue* a = args(s, 1);
  Tensor self = tensorArg(a[0]);
  Tensor e = empty({0}, TensorOptions().dtype(self.dtype()));
  setGeometry(self, e, 0, e.sizes(), e.strides());
  ret(s, 1, std::move(self));
}
// The functional forms: a new tensor set to the source (sharing its storage, as PyTorch's);
// the out= forms write the values into out.
template <bool kSource, bool kOut>
void setFunctional(Stack& s) {
  constexpr size_t n = (kSource ? 2 : 1) + (kOut ? 1 : 0);
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Tensor r = kSource ? alias(tensorArg(a[1])) : empty({0}, TensorOptions().dtype(self.dtype()));
  EMBER_CHECK(r.dtype() == self.dtype(), "set: could not set a tensor of type ", scalarTypeName(self.dtype()),
              " to a tensor of type ", scalarTypeName(r.dtype()));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[n - 1]);
    writeOut(out, r);
    r = out;
  }
  ret(s, n, std::move(r));
}

RegisterOperators reg({
    {"aten::set_(Tensor(a!) self) -> Tensor(a!)", setEmptyInplace},
    {"aten::set_.source_Tensor(Tensor(a!) self, Tensor source) -> Tensor(a!)", setSourceInplace<false>},
    {"aten::set_.source_Tensor_storage_offset(Tensor(a!) self, Tensor source, SymInt storage_offset, SymInt[] size, "
     "SymInt[] stride=[]) -> Tensor(a!)",
     setSourceInplace<true>},
    {"aten::set(Tensor self) -> Tensor", setFunctional<false, false>},
    {"aten::set.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", setFunctional<false, true>},
    {"aten::set.source_Tensor(Tensor self, Tensor source) -> Tensor", setFunctional<true, false>},
    {"aten::set.source_Tensor_out(Tensor self, Tensor source, *, Tensor(a!) out) -> Tensor(a!)",
     setFunctional<true, true>},
    {"aten::linalg_eig.out(Tensor self, *, Tensor(a!) eigenvalues, Tensor(b!) eigenvectors) -> (Tensor(a!) "
     "eigenvalues, Tensor(b!) eigenvectors)",
     linalgEigOut},
    {"aten::Complex.Tensor_Tensor(Tensor a, Tensor b) -> complex", complexOf2},
    {"aten::Complex.Tensor_bool(Tensor x, bool y) -> complex", complexOf2},
    {"aten::Complex.Tensor_float(Tensor x, float y) -> complex", complexOf2},
    {"aten::Complex.Tensor_int(Tensor x, int y) -> complex", complexOf2},
    {"aten::Complex.bool_Tensor(bool x, Tensor y) -> complex", complexOf2},
    {"aten::Complex.float_Tensor(float x, Tensor y) -> complex", complexOf2},
    {"aten::Complex.int_Tensor(int x, Tensor y) -> complex", complexOf2},
    {"aten::ComplexImplicit(Tensor a) -> complex", complexImplicit},
    // data: the same values without autograd history (a detached alias).
    {"aten::data(Tensor self) -> Tensor", unaryOp<detach>},
    {"aten::is_pinned(Tensor self, Device? device=None) -> bool", isPinned},
    {"aten::pin_memory(Tensor(a) self, Device? device=None) -> Tensor(a)", pinMemory},
    {"aten::is_set_to(Tensor self, Tensor tensor) -> bool", isSetTo},
    {"aten::_tensor_to_list(Tensor self) -> int[]", tensorToList},
    {"aten::_list_to_tensor(int[] self) -> Tensor", listToTensor},
    {"aten::_index_put_impl(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False, bool "
     "unsafe=False) -> Tensor",
     indexPutImpl<false, false>},
    {"aten::_index_put_impl.out(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False, bool "
     "unsafe=False, *, Tensor(a!) out) -> Tensor(a!)",
     indexPutImpl<false, true>},
    {"aten::_index_put_impl_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False, bool "
     "unsafe=False) -> Tensor(a!)",
     indexPutImpl<true, false>},
    {"aten::_index_put_impl_.hacked_twin(Tensor(a!) self, Tensor[] indices, Tensor values, bool "
     "accumulate=False, bool unsafe=False) -> Tensor(a!)",
     indexPutImpl<true, false>},
    {"aten::_no_grad_fill_(Tensor(a!) tensor, float val) -> Tensor(a!)", noGradFill},
    {"aten::_no_grad_zero_(Tensor(a!) tensor) -> Tensor(a!)", unaryInplaceOp<zero_>},
    {"aten::_no_grad_uniform_(Tensor(a!) tensor, float a, float b) -> Tensor(a!)", noGradRandom<false>},
    {"aten::_no_grad_normal_(Tensor(a!) tensor, float mean, float std) -> Tensor(a!)", noGradRandom<true>},
    {"aten::unsafe_split.Tensor_out(Tensor self, int split_size, int dim=0, *, Tensor(a!)[] out) -> ()",
     unsafeSplitOut},
    {"aten::unsafe_split_with_sizes.out(Tensor self, int[] split_sizes, int dim=0, *, Tensor(a!)[] out) -> ()",
     unsafeSplitWithSizesOut},
});

}  // namespace
}  // namespace ember::jit::aten
