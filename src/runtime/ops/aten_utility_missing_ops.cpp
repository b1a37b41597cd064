// aten:: utility operators that TorchScript graphs, traced archives and decompositions reach
// although user code rarely spells them: the private copies/views (_to_copy, _unsafe_view,
// _reshape_alias, _conj, _conj_physical, _neg_view, _cast_*), shape helpers (_shape_as_tensor, _infer_size,
// _dim_arange, _grad_sum_to_size), fused forms (_add_relu, _addmm_activation), the private FFT
// entry points (_fft_c2c/_fft_r2c/_fft_c2r over the torch.fft family), torch.range (end-inclusive),
// einsum.sublist, fill_diagonal_, the functional resize forms (resize, resize_as), _histogramdd_* and the Tensor[] list
// builtins (sorted/count/index/remove/sort over Tensor elements, compared as `bool(a == b)` and `bool(a < b)` as
// TorchScript does). Each one is a composition of existing tensor-library functions.
#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "ember/runtime/autograd.h"
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/complex.h"
#include "ember/tensor/ops/counting.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/fft.h"
#include "ember/tensor/ops/linalg.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/pointwise_extra.h"
#include "ember/tensor/ops/print.h"
#include "ember/tensor/ops/reduce.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/shape_extra.h"
#include "ember/tensor/ops/unary.h"
#include "runtime/ops/aten_arg_utils.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit::aten {
namespace {

// ---- copies and casts ----
// _to_copy(Tensor self, *, dtype, layout, device, pin_memory, non_blocking, memory_format): always
// a new tensor (preserving self's layout unless memory_format says otherwise).
void toCopy(Stack& s) {
  IValue* a = args(s, 7);
  Tensor self = tensorArg(a[0]);
  std::optional<ScalarType> dtype = optScalarTypeArg(a[1]);
  checkLayoutArg(a[2]);
  optDeviceArg(a[3]);
  checkPinMemoryArg(a[4]);
  Tensor r = to(self, dtype.value_or(self.dtype()), false, true, optMemoryFormatArg(a[6]));
  ret(s, 7, std::move(r));
}
void toCopyOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor self = tensorArg(a[0]);
  Tensor out = tensorArg(a[3]);
  // A copy in out's dtype, whatever the cast (PyTorch's out= form of a copy), resizing out.
  resizeOut(out, self.sizes());
  copy_(out, self);
  ret(s, 4, std::move(out));
}
template <ScalarType T>
void castOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = to(tensorArg(a[0]), T);
  ret(s, 2, std::move(r));
}

// ---- views ----
// _reshape_alias checks the geometry against the storage (PyTorch does not, and reads past it).
void unsafeView(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = view(tensorArg(a[0]), intListArg(a[1]));
  ret(s, 2, std::move(r));
}
void unsafeViewOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = view(tensorArg(a[0]), intListArg(a[1]));
  Tensor out = tensorArg(a[2]);
  writeOut(out, r);
  ret(s, 3, std::move(out));
}
void reshapeAlias(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = as_strided(tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]));
  ret(s, 3, std::move(r));
}

// ---- shape helpers ----
void shapeAsTensor(Stack& s) {
  IValue* a = args(s, 1);
  Tensor self = tensorArg(a[0]);
  Tensor r = empty({self.dim()}, TensorOptions().dtype(ScalarType::Long));
  for (int64_t d = 0; d < self.dim(); ++d) r.data_ptr<int64_t>()[d] = self.sizes()[d];
  ret(s, 1, std::move(r));
}
void inferSizeOp(Stack& s) {
  IValue* a = args(s, 2);
  DimVector r = broadcast_shapes(intListArg(a[0]), intListArg(a[1]));
  ret(s, 2, makeIntList(r));
}
void dimArange(Stack& s) {
  IValue* a = args(s, 2);
  Tensor like = tensorArg(a[0]);
  int64_t dim = intArg(a[1]);
  EMBER_CHECK(dim >= -like.dim() && dim < std::max<int64_t>(like.dim(), 1),
              "Dimension out of range (expected to be in range of [", -like.dim(), ", ", like.dim() - 1, "], but got ",
              dim, ")");
  if (dim < 0) dim += like.dim();
  Tensor r = arange(Scalar(like.sizes()[dim]), TensorOptions().dtype(ScalarType::Long));
  ret(s, 2, std::move(r));
}
void gradSumToSize(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  if (!a[1].isNone()) self = sum_to_size(self, intListArg(a[1]));
  ret(s, 2, std::move(self));
}
void isSameSize(Stack& s) {
  IValue* a = args(s, 2);
  bool r = tensorArg(a[0]).sizes() == tensorArg(a[1]).sizes();
  ret(s, 2, r);
}
void localScalarDense(Stack& s) {
  IValue* a = args(s, 1);
  Tensor self = tensorArg(a[0]);
  // PyTorch reads the first element whatever the size (and crashes on an empty tensor).
  EMBER_CHECK(self.numel() >= 1, "_local_scalar_dense: the tensor has no elements");
  Scalar v = as_strided(self, {}, {}).item();
  ret(s, 1, IValue(v));
}
void stackOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = stack(tensorListArg(a[0]), intArg(a[1]));
  ret(s, 2, std::move(r));
}
void stackOutOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  stack_out(out, tensorListArg(a[0]), intArg(a[1]));
  ret(s, 3, std::move(out));
}

// ---- fused forms ----
template <bool kScalar, bool kInplace, bool kOut>
void addRelu(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  Tensor sum = kScalar ? add(self, scalarArg(a[1]), scalarArg(a[2])) : add(self, tensorArg(a[1]), scalarArg(a[2]));
  relu_(sum);
  if constexpr (kInplace) {
    writeOut(self, sum);
    sum = self;
  } else if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, sum);
    sum = out;
  }
  ret(s, n, std::move(sum));
}
template <bool kOut>
void addmmActivation(Stack& s) {
  constexpr size_t n = kOut ? 7 : 6;
  IValue* a = args(s, n);
  Tensor r = addmm(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), scalarArg(a[3]), scalarArg(a[4]));
  r = boolArg(a[5]) ? gelu(r) : relu(r);
  finishOut<6, kOut>(s, std::move(r));
}
// _aminmax(self) / _aminmax.dim(self, dim, keepdim) and their out0/out1 forms.
template <bool kDim, bool kOut>
void aminmaxPrivate(Stack& s) {
  constexpr size_t n = (kDim ? 3 : 1) + (kOut ? 2 : 0);
  IValue* a = args(s, n);
  std::optional<int64_t> dim;
  bool keepdim = false;
  if constexpr (kDim) {
    dim = intArg(a[1]);
    keepdim = boolArg(a[2]);
  }
  auto r = aminmax(tensorArg(a[0]), dim, keepdim);
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[n - 2]), tensorArg(a[n - 1]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}

// ---- private FFT entry points: normalization 0 = none, 1 = 1/sqrt(n), 2 = 1/n ----
// A forward transform's torch.fft norm string for a scaling code; an inverse one's is mirrored
// (torch.fft's "backward" scales the inverse by 1/n).
std::string fftNorm(int64_t code, bool forward) {
  EMBER_CHECK(code >= 0 && code <= 2, "Unsupported normalization type ", code);
  if (code == 1) return "ortho";
  return (code == 2) == forward ? "forward" : "backward";
}
template <bool kOut>
void fftC2C(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  EMBER_CHECK(isComplexType(self.dtype()), "_fft_c2c expects a complex input tensor, but got ", self.dtype());
  DimVector dims = intListArg(a[1]);
  bool forward = boolArg(a[3]);
  std::string norm = fftNorm(intArg(a[2]), forward);
  Tensor r = forward ? fft_fftn(self, std::nullopt, IntArrayRef(dims), norm)
                     : fft_ifftn(self, std::nullopt, IntArrayRef(dims), norm);
  finishOut<4, kOut>(s, std::move(r));
}
template <bool kOut>
void fftR2C(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  EMBER_CHECK(isFloatingType(self.dtype()), "_fft_r2c expects a floating point input tensor, but got ", self.dtype());
  DimVector dims = intListArg(a[1]);
  std::string norm = fftNorm(intArg(a[2]), true);
  Tensor r = boolArg(a[3]) ? fft_rfftn(self, std::nullopt, IntArrayRef(dims), norm)
                           : fft_fftn(self, std::nullopt, IntArrayRef(dims), norm);
  finishOut<4, kOut>(s, std::move(r));
}
template <bool kOut>
void fftC2R(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  EMBER_CHECK(isComplexType(self.dtype()), "_fft_c2r expects a complex input tensor, but got ", self.dtype());
  DimVector dims = intListArg(a[1]);
  EMBER_CHECK(!dims.empty(), "_fft_c2r: dim must not be empty");
  std::string norm = fftNorm(intArg(a[2]), false);
  DimVector sizes;
  for (int64_t d : dims) sizes.push_back(self.sizes()[d < 0 ? d + self.dim() : d]);
  sizes.back() = intArg(a[3]);
  Tensor r = fft_irfftn(self, IntArrayRef(sizes), IntArrayRef(dims), norm);
  finishOut<4, kOut>(s, std::move(r));
}

// ---- torch.range: end-inclusive, the default dtype unless one is given ----
Tensor rangeValues(const Scalar& start, const Scalar& end, const Scalar& step, ScalarType dtype) {
  double b = start.toDouble(), e = end.toDouble(), st = step.toDouble();
  if (isIntegralType(dtype, true)) {  // integer results count in integers: the bounds and step truncate first
    b = std::trunc(b);
    e = std::trunc(e);
    st = std::trunc(st);
  }
  EMBER_CHECK(st != 0, "step must be nonzero");
  EMBER_CHECK(std::isfinite(b) && std::isfinite(e), "unsupported range: ", b, " -> ", e);
  EMBER_CHECK((st > 0 && e >= b) || (st < 0 && e <= b), "upper bound and lower bound inconsistent with step sign");
  auto count = static_cast<int64_t>(std::floor((e - b) / st) + 1);
  Tensor r = arange(Scalar(count), TensorOptions().dtype(ScalarType::Double));
  r = add(mul(r, Scalar(st)), Scalar(b));
  return to(r, dtype);
}
void rangeOp(Stack& s, size_t n, const Scalar& step, const IValue* opts) {
  IValue* a = args(s, n);
  TensorOptions o = factoryOptions(opts);
  Tensor r = rangeValues(scalarArg(a[0]), scalarArg(a[1]), step, o.dtypeOrDefault());
  ret(s, n, std::move(r));
}
void rangeDefault(Stack& s) { rangeOp(s, 6, Scalar(int64_t{1}), args(s, 6) + 2); }
void rangeStep(Stack& s) {
  IValue* a = args(s, 7);
  rangeOp(s, 7, scalarArg(a[2]), a + 3);
}
void rangeOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  writeOut(out, rangeValues(scalarArg(a[0]), scalarArg(a[1]), scalarArg(a[2]), out.dtype()));
  ret(s, 4, std::move(out));
}
void rangeOutDefault(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  writeOut(out, rangeValues(scalarArg(a[0]), scalarArg(a[1]), Scalar(int64_t{1}), out.dtype()));
  ret(s, 3, std::move(out));
}

// ---- fill_diagonal_: the main diagonal of a 2-D or all-equal-sized tensor; with wrap, a tall
// matrix restarts its diagonal every ncols + 1 rows (as numpy.fill_diagonal) ----
void fillDiagonal(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  Scalar value = scalarArg(a[1]);
  bool wrap = boolArg(a[2]);
  int64_t nd = self.dim();
  EMBER_CHECK(nd >= 2, "dimensions must larger than 1");
  int64_t h = self.sizes()[0], w = self.sizes()[1];
  if (nd > 2) {
    for (int64_t d = 1; d < nd; ++d)
      EMBER_CHECK(self.sizes()[d] == h, "all dimensions of input must be of equal length");
  }
  int64_t step = 0;
  for (int64_t d = 0; d < nd; ++d) step += self.strides()[d];
  int64_t len = std::min(h, w);
  Tensor diag = as_strided(self, {len}, {step}, self.storage_offset());
  fill_(diag, value);
  if (wrap && nd == 2 && h > w + 1) {
    for (int64_t row = w + 1; row < h; row += w + 1) {
      Tensor part = as_strided(self, {std::min(w, h - row)}, {step}, self.storage_offset() + row * self.strides()[0]);
      fill_(part, value);
    }
  }
  ret(s, 3, std::move(self));
}

// ---- functional resize forms: a resized copy (new elements uninitialised) ----
Tensor resizedCopy(const Tensor& self, IntArrayRef sizes, const IValue& memoryFormat) {
  std::optional<MemoryFormat> format = optMemoryFormatArg(memoryFormat);
  EMBER_CHECK(!format || *format == MemoryFormat::Contiguous,
              "resize: only memory_format=torch.contiguous_format is supported");
  for (int64_t size : sizes)
    EMBER_CHECK(size >= 0, "Trying to create tensor with negative dimension ", size, ": ", sizes);
  Tensor src = contiguous(self);
  Tensor r = empty(sizes, TensorOptions().dtype(self.dtype()));
  int64_t keep = std::min(r.numel(), src.numel());
  if (keep > 0) {
    Tensor dst = as_strided(r, {keep}, {1}, 0);
    copy_(dst, as_strided(src, {keep}, {1}, src.storage_offset()));
  }
  return r;
}
template <bool kAs, bool kOut>
void resizeFunctional(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  DimVector sizes = kAs ? DimVector(tensorArg(a[1]).sizes()) : intListArg(a[1]);
  Tensor r = resizedCopy(self, sizes, a[2]);
  if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, r, true);
    r = out;
  }
  ret(s, n, std::move(r));
}
// ---- _histogramdd_* (the pieces torch.histogramdd is written from) ----
template <bool kOut>
void histogramddBinEdges(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  auto r = histogramdd(tensorArg(a[0]), intListArg(a[1]), optDoubleListArg(a[2]), optTensorArg(a[3]), boolArg(a[4]));
  std::vector<Tensor>& edges = std::get<1>(r);
  if constexpr (kOut) {
    std::vector<Tensor> outs = tensorListArg(a[5]);
    EMBER_CHECK(outs.size() == edges.size(), "_histogramdd_bin_edges: expected ", edges.size(), " out tensors, got ",
                outs.size());
    for (size_t i = 0; i < outs.size(); ++i) writeOut(outs[i], edges[i]);
    dropArgs(s, n);
    return;
  }
  retTensorList(s, n, edges);
}
template <bool kOut>
void histogramddFromBinCts(Stack& s) {
  constexpr size_t n = kOut ? 6 : 5;
  IValue* a = args(s, n);
  Tensor r = std::get<0>(
      histogramdd(tensorArg(a[0]), intListArg(a[1]), optDoubleListArg(a[2]), optTensorArg(a[3]), boolArg(a[4])));
  finishOut<5, kOut>(s, std::move(r));
}
template <bool kOut>
void histogramddFromBinTensors(Stack& s) {
  constexpr size_t n = kOut ? 5 : 4;
  IValue* a = args(s, n);
  std::vector<Tensor> bins = tensorListArg(a[1]);
  Tensor r = std::get<0>(histogramdd(tensorArg(a[0]), bins, optTensorArg(a[2]), boolArg(a[3])));
  finishOut<4, kOut>(s, std::move(r));
}

// ---- Tensor[] builtins: elements compare as `bool(x == el)` / `bool(x < y)` ----
bool tensorTruth(const Tensor& t) {
  EMBER_CHECK(t.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
  return t.item().toBool();
}
bool tensorEquals(const Tensor& x, const Tensor& el) { return tensorTruth(eq(x, el)); }
bool tensorLess(const Tensor& x, const Tensor& y) { return tensorTruth(lt(x, y)); }

void sortTensorsInto(std::vector<IValue>& elems, bool reverse) {
  std::stable_sort(elems.begin(), elems.end(), [reverse](const IValue& x, const IValue& y) {
    return reverse ? tensorLess(y.toTensor(), x.toTensor()) : tensorLess(x.toTensor(), y.toTensor());
  });
}
void sortedTensors(Stack& s) {
  IValue* a = args(s, 1);
  std::vector<IValue> elems = a[0].toListRef().elements;
  sortTensorsInto(elems, false);
  ret(s, 1, makeList(TensorType::get(), std::move(elems)));
}
void sortTensorsInplace(Stack& s) {
  IValue* a = args(s, 2);
  bool reverse = boolArg(a[1]);
  std::vector<IValue>& elems = a[0].toListRef().elements;
  std::vector<IValue> sorted = elems;
  sortTensorsInto(sorted, reverse);
  elems = std::move(sorted);
  dropArgs(s, 2);
}
void countTensors(Stack& s) {
  IValue* a = args(s, 2);
  Tensor el = tensorArg(a[1]);
  int64_t count = 0;
  for (const IValue& x : a[0].toListRef().elements) count += tensorEquals(x.toTensor(), el);
  ret(s, 2, count);
}
int64_t findTensor(const std::vector<IValue>& elems, const Tensor& el) {
  for (size_t i = 0; i < elems.size(); ++i) {
    if (tensorEquals(elems[i].toTensor(), el)) return static_cast<int64_t>(i);
  }
  std::ostringstream text;
  text << el;
  EMBER_CHECK(false, "'", text.str(), "' is not in list");
  return -1;
}
void indexTensors(Stack& s) {
  IValue* a = args(s, 2);
  int64_t i = findTensor(a[0].toListRef().elements, tensorArg(a[1]));
  ret(s, 2, i);
}
void removeTensor(Stack& s) {
  IValue* a = args(s, 2);
  std::vector<IValue>& elems = a[0].toListRef().elements;
  int64_t i = findTensor(elems, tensorArg(a[1]));
  elems.erase(elems.begin() + i);
  dropArgs(s, 2);
}

// ---- tensor.complex / as_tensor.complex: a 0-dim tensor of the default complex dtype
// (complex64 while the default dtype is float32), then cast to dtype when given: PyTorch 1.13's
// interpreter rounds through complex64 even for dtype=torch.complex128, and so does this ----
Tensor complexScalarTensor(const IValue* a) {
  std::optional<ScalarType> dtype = optScalarTypeArg(a[1]);
  optDeviceArg(a[2]);
  const ScalarType initial = defaultDtype() == ScalarType::Double ? ScalarType::ComplexDouble : ScalarType::ComplexFloat;
  Tensor r = empty({}, TensorOptions().dtype(initial));
  fill_(r, Scalar(a[0].toComplexDouble()));
  return dtype && *dtype != initial ? to(r, *dtype) : r;
}
void tensorComplex(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = complexScalarTensor(a);
  if (boolArg(a[3])) autograd::setRequiresGrad(r);
  ret(s, 4, std::move(r));
}
void asTensorComplex(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = complexScalarTensor(a);
  ret(s, 3, std::move(r));
}

// ---- einsum.sublist(Tensor a, ...): einsum(op0, sublist0, op1, sublist1, ..., [sublist_out]),
// subscripts 0..25 standing for A..Z and 26..51 for a..z (so their order is the numbers') ----
std::string sublistSubscripts(const IValue& v) {
  std::string r;
  for (const IValue& e : v.toListRef().elements) {
    int64_t label = intArg(e);
    EMBER_CHECK(label >= 0 && label < 52, "einsum(): expected subscript to be within the range [0, 52), but got ",
                label);
    r += static_cast<char>(label < 26 ? 'A' + label : 'a' + (label - 26));
  }
  return r;
}
NodeOperation createEinsumSublist(const Node* node) {
  size_t n = ops::nodeInputCount(node, "aten::einsum.sublist");
  EMBER_CHECK(n >= 2,
              "einsum(): must specify the equation string and at least one operand, or at least one operand "
              "and its subscripts list");
  return [n](Stack& s) {
    IValue* a = args(s, n);
    std::vector<Tensor> operands;
    std::string equation;
    for (size_t i = 0; i + 1 < n; i += 2) {
      operands.push_back(tensorArg(a[i]));
      if (i > 0) equation += ",";
      equation += sublistSubscripts(a[i + 1]);
    }
    if (n % 2 == 1) equation += "->" + sublistSubscripts(a[n - 1]);
    // The interpreter does not record vararg operators: once autograd may be in use, the call
    // goes to aten::einsum through recording, so the result carries its history (as PyTorch's
    // sublist form, which calls einsum with the equation).
    if (autograd::mayBeActive()) {
      std::vector<IValue> list;
      for (Tensor& t : operands) list.emplace_back(std::move(t));
      Stack inner{IValue(std::move(equation)), makeList(TensorType::get(), std::move(list)), IValue()};
      autograd::callOperator("aten::einsum", inner);
      ret(s, n, inner.back().toTensor());
      return;
    }
    Tensor r = einsum(equation, operands);
    ret(s, n, std::move(r));
  };
}

RegisterOperators reg({
    Operator("aten::einsum.sublist(Tensor a, ...) -> Tensor", createEinsumSublist),
    {"aten::tensor.complex(complex t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> "
     "Tensor",
     tensorComplex},
    {"aten::as_tensor.complex(complex t, *, ScalarType? dtype=None, Device? device=None) -> Tensor", asTensorComplex},
    {"aten::_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? "
     "pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor",
     toCopy},
    {"aten::_to_copy.out(Tensor self, *, bool non_blocking=False, MemoryFormat? memory_format=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     toCopyOut},
    {"aten::_cast_Byte(Tensor self, bool non_blocking=False) -> Tensor", castOp<ScalarType::Byte>},
    {"aten::_cast_Char(Tensor self, bool non_blocking=False) -> Tensor", castOp<ScalarType::Char>},
    {"aten::_cast_Double(Tensor self, bool non_blocking=False) -> Tensor", castOp<ScalarType::Double>},
    {"aten::_cast_Float(Tensor self, bool non_blocking=False) -> Tensor", castOp<ScalarType::Float>},
    {"aten::_cast_Half(Tensor self, bool non_blocking=False) -> Tensor", castOp<ScalarType::Half>},
    {"aten::_cast_Int(Tensor self, bool non_blocking=False) -> Tensor", castOp<ScalarType::Int>},
    {"aten::_cast_Long(Tensor self, bool non_blocking=False) -> Tensor", castOp<ScalarType::Long>},
    {"aten::_cast_Short(Tensor self, bool non_blocking=False) -> Tensor", castOp<ScalarType::Short>},
    {"aten::_unsafe_view(Tensor self, SymInt[] size) -> Tensor", unsafeView},
    {"aten::_unsafe_view.out(Tensor self, SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)", unsafeViewOut},
    {"aten::_reshape_alias(Tensor(a) self, SymInt[] size, SymInt[] stride) -> Tensor(a)", reshapeAlias},
    // ember keeps no lazy conjugate/negative bits: the views materialise (as conj does).
    {"aten::_conj(Tensor(a) self) -> Tensor(a)", unaryOp<complexConj>},
    {"aten::_conj_physical(Tensor self) -> Tensor", unaryOp<conj_physical>},
    {"aten::_conj_physical.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<conj_physical_out>},
    {"aten::_neg_view(Tensor(a) self) -> Tensor(a)", unaryOp<neg>},
    {"aten::_shape_as_tensor(Tensor self) -> Tensor", shapeAsTensor},
    {"aten::_infer_size(int[] a, int[] b) -> int[]", inferSizeOp},
    {"aten::_dim_arange(Tensor like, int dim) -> Tensor", dimArange},
    {"aten::_grad_sum_to_size(Tensor(a) self, int[]? size) -> Tensor(a)", gradSumToSize},
    {"aten::is_same_size(Tensor self, Tensor other) -> bool", isSameSize},
    {"aten::_local_scalar_dense(Tensor self) -> Scalar", localScalarDense},
    {"aten::_stack(Tensor[] tensors, int dim=0) -> Tensor", stackOp},
    {"aten::_stack.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", stackOutOp},
    {"aten::_add_relu.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", addRelu<false, false, false>},
    {"aten::_add_relu_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
     addRelu<false, true, false>},
    {"aten::_add_relu.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
     addRelu<false, false, true>},
    {"aten::_add_relu.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", addRelu<true, false, false>},
    {"aten::_add_relu_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)",
     addRelu<true, true, false>},
    {"aten::_add_relu.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)",
     addRelu<true, false, true>},
    {"aten::_addmm_activation(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, bool "
     "use_gelu=False) -> Tensor",
     addmmActivation<false>},
    {"aten::_addmm_activation.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, bool "
     "use_gelu=False, Tensor(a!) out) -> Tensor(a!)",
     addmmActivation<true>},
    {"aten::_aminmax(Tensor self) -> (Tensor, Tensor)", aminmaxPrivate<false, false>},
    {"aten::_aminmax.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor, Tensor)", aminmaxPrivate<true, false>},
    {"aten::_aminmax.out(Tensor self, *, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
     aminmaxPrivate<false, true>},
    {"aten::_aminmax.dim_out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out0, Tensor(b!) out1) -> "
     "(Tensor(a!), Tensor(b!))",
     aminmaxPrivate<true, true>},
    {"aten::_fft_c2c(Tensor self, int[] dim, int normalization, bool forward) -> Tensor", fftC2C<false>},
    {"aten::_fft_c2c.out(Tensor self, int[] dim, int normalization, bool forward, *, Tensor(a!) out) -> Tensor(a!)",
     fftC2C<true>},
    {"aten::_fft_r2c(Tensor self, int[] dim, int normalization, bool onesided) -> Tensor", fftR2C<false>},
    {"aten::_fft_r2c.out(Tensor self, int[] dim, int normalization, bool onesided, *, Tensor(a!) out) -> Tensor(a!)",
     fftR2C<true>},
    {"aten::_fft_c2r(Tensor self, int[] dim, int normalization, int last_dim_size) -> Tensor", fftC2R<false>},
    {"aten::_fft_c2r.out(Tensor self, int[] dim, int normalization, int last_dim_size, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     fftC2R<true>},
    {"aten::range(Scalar start, Scalar end, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
     "bool? pin_memory=None) -> Tensor",
     rangeDefault},
    {"aten::range.step(Scalar start, Scalar end, Scalar step=1, *, ScalarType? dtype=None, Layout? layout=None, "
     "Device? device=None, bool? pin_memory=None) -> Tensor",
     rangeStep},
    {"aten::range.out(Scalar start, Scalar end, Scalar step=1, *, Tensor(a!) out) -> Tensor(a!)", rangeOut},
    {"aten::range.out_(Scalar start, Scalar end, *, Tensor(a!) out) -> Tensor(a!)", rangeOutDefault},
    {"aten::fill_diagonal_(Tensor(a!) self, Scalar fill_value, bool wrap=False) -> Tensor(a!)", fillDiagonal},
    {"aten::resize(Tensor self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor",
     resizeFunctional<false, false>},
    {"aten::resize.out(Tensor self, SymInt[] size, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
     resizeFunctional<false, true>},
    {"aten::resize_as(Tensor self, Tensor the_template, *, MemoryFormat? memory_format=None) -> Tensor",
     resizeFunctional<true, false>},
    {"aten::resize_as.out(Tensor self, Tensor the_template, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     resizeFunctional<true, true>},
    {"aten::_histogramdd_bin_edges(Tensor self, int[] bins, *, float[]? range=None, Tensor? weight=None, bool "
     "density=False) -> Tensor[]",
     histogramddBinEdges<false>},
    {"aten::_histogramdd_bin_edges.out(Tensor self, int[] bins, *, float[]? range=None, Tensor? weight=None, bool "
     "density=False, Tensor(a!)[] out) -> ()",
     histogramddBinEdges<true>},
    {"aten::_histogramdd_from_bin_cts(Tensor self, int[] bins, *, float[]? range=None, Tensor? weight=None, bool "
     "density=False) -> Tensor",
     histogramddFromBinCts<false>},
    {"aten::_histogramdd_from_bin_cts.out(Tensor self, int[] bins, *, float[]? range=None, Tensor? weight=None, bool "
     "density=False, Tensor(a!) out) -> Tensor(a!)",
     histogramddFromBinCts<true>},
    {"aten::_histogramdd_from_bin_tensors(Tensor self, Tensor[] bins, *, Tensor? weight=None, bool density=False) -> "
     "Tensor",
     histogramddFromBinTensors<false>},
    {"aten::_histogramdd_from_bin_tensors.out(Tensor self, Tensor[] bins, *, Tensor? weight=None, bool density=False, "
     "Tensor(a!) out) -> Tensor(a!)",
     histogramddFromBinTensors<true>},
    {"aten::sorted.Tensor(Tensor[](a) input) -> Tensor[]", sortedTensors},
    {"aten::sort.Tensor(Tensor[](a!) self, bool reverse=False) -> ()", sortTensorsInplace},
    {"aten::count.Tensor(Tensor[] self, Tensor el) -> int", countTensors},
    {"aten::index.list_Tensor(Tensor[] self, Tensor el) -> int", indexTensors},
    {"aten::remove.Tensor(Tensor[](a!) self, Tensor el) -> ()", removeTensor},
});

}  // namespace
}  // namespace ember::jit::aten
