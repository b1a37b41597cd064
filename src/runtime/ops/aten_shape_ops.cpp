// aten:: operators of the shape family: copies and conversions (to, type_as, contiguous, clone,
// copy_), resize_ and resize_as_, views (view, reshape, transpose, select, slice, expand, ...), list-returning splits and
// cat/stack, bound to the tensor library with PyTorch 1.13's schemas.
#include "ember/runtime/register_operators.h"
#include "runtime/autograd/autograd_meta.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// ---- copy_ ----
void copyInplace(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  copy_(self, tensorArg(a[1]), boolArg(a[2]));
  ret(s, 3, std::move(self));
}
// ---- resize_ / resize_as_ ----
// Equal sizes keep self's strides; other sizes make it contiguous with them, growing its storage
// when that is too small (the new elements are uninitialised), as PyTorch's resize_ does.
void resizeSelf(Tensor& self, IntArrayRef sizes, const IValue& memoryFormat) {
  for (int64_t size : sizes) EMBER_CHECK(size >= 0, "Trying to create tensor with negative dimension ", size, ": ", sizes);
  std::optional<MemoryFormat> format = optMemoryFormatArg(memoryFormat);
  EMBER_CHECK(!format || *format == MemoryFormat::Contiguous,
              "resize_: only memory_format=torch.contiguous_format is supported");
  resizeOut(self, sizes);
}
void resizeInplace(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  resizeSelf(self, intListArg(a[1]), a[2]);
  ret(s, 3, std::move(self));
}
void resizeAsInplace(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  resizeSelf(self, tensorArg(a[1]).sizes(), a[2]);
  ret(s, 3, std::move(self));
}

// copy_.Tensor / copy_.int / copy_.float: TorchScript's `t[...] = value` writes.
void copyInplaceValue(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  if (a[1].isTensor()) {
    copy_(self, tensorArg(a[1]));
  } else {
    fill_(self, scalarArg(a[1]));
  }
  ret(s, 2, std::move(self));
}
void copyFunctional(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  Tensor r = empty_like(self);
  copy_(r, tensorArg(a[1]), boolArg(a[2]));
  ret(s, 3, std::move(r));
}
void copyOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  Tensor self = tensorArg(a[0]);
  resizeOut(out, self.sizes());
  copy_(out, tensorArg(a[1]), boolArg(a[2]));
  ret(s, 4, std::move(out));
}

// ---- to ----
// The shared tail of every aten::to overload: a dtype (self's when absent) and the flags.
Tensor toImpl(const Tensor& self, std::optional<ScalarType> dtype, bool nonBlocking, bool copy,
              std::optional<MemoryFormat> memoryFormat) {
  return to(self, dtype.value_or(self.dtype()), nonBlocking, copy, memoryFormat);
}
// to.dtype(self, ScalarType dtype, bool non_blocking, bool copy, MemoryFormat? memory_format)
void toDtype(Stack& s) {
  IValue* a = args(s, 5);
  Tensor r = toImpl(tensorArg(a[0]), scalarTypeArg(a[1]), boolArg(a[2]), boolArg(a[3]), optMemoryFormatArg(a[4]));
  ret(s, 5, std::move(r));
}
// to.device(self, Device device, ScalarType dtype, bool non_blocking, bool copy, MemoryFormat?)
void toDevice(Stack& s) {
  IValue* a = args(s, 6);
  optDeviceArg(a[1]);
  Tensor r = toImpl(tensorArg(a[0]), scalarTypeArg(a[2]), boolArg(a[3]), boolArg(a[4]), optMemoryFormatArg(a[5]));
  ret(s, 6, std::move(r));
}
// to.other(self, Tensor other, bool non_blocking, bool copy, MemoryFormat?)
void toOther(Stack& s) {
  IValue* a = args(s, 5);
  Tensor other = tensorArg(a[1]);
  Tensor r = toImpl(tensorArg(a[0]), other.dtype(), boolArg(a[2]), boolArg(a[3]), optMemoryFormatArg(a[4]));
  ret(s, 5, std::move(r));
}
// to.dtype_layout(self, *, dtype, layout, device, pin_memory, non_blocking, copy, memory_format)
void toDtypeLayout(Stack& s) {
  IValue* a = args(s, 8);
  checkLayoutArg(a[2]);
  optDeviceArg(a[3]);
  checkPinMemoryArg(a[4]);
  Tensor r = toImpl(tensorArg(a[0]), optScalarTypeArg(a[1]), boolArg(a[5]), boolArg(a[6]), optMemoryFormatArg(a[7]));
  ret(s, 8, std::move(r));
}
// to.prim_Device(self, Device? device, int? dtype, bool non_blocking, bool copy)
void toPrimDevice(Stack& s) {
  IValue* a = args(s, 5);
  optDeviceArg(a[1]);
  Tensor r = toImpl(tensorArg(a[0]), optScalarTypeArg(a[2]), boolArg(a[3]), boolArg(a[4]), std::nullopt);
  ret(s, 5, std::move(r));
}
// to.prim_dtype(self, int? dtype, bool non_blocking, bool copy)
void toPrimDtype(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = toImpl(tensorArg(a[0]), optScalarTypeArg(a[1]), boolArg(a[2]), boolArg(a[3]), std::nullopt);
  ret(s, 4, std::move(r));
}
// to.prim_other(self, bool non_blocking, bool copy)
void toPrimOther(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = toImpl(tensorArg(a[0]), std::nullopt, boolArg(a[1]), boolArg(a[2]), std::nullopt);
  ret(s, 3, std::move(r));
}

// ---- contiguous, clone, detach, requires_grad_ ----
void contiguousOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = contiguous(tensorArg(a[0]), optMemoryFormatArg(a[1]).value_or(MemoryFormat::Contiguous));
  ret(s, 2, std::move(r));
}
void cloneOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = clone(tensorArg(a[0]), optMemoryFormatArg(a[1]));
  ret(s, 2, std::move(r));
}
void cloneOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  writeOut(out, clone(tensorArg(a[0]), optMemoryFormatArg(a[1])));
  ret(s, 3, std::move(out));
}
// detach_ makes self a leaf that does not require grad (its history is dropped, .grad kept).
Tensor& detachInplace(Tensor& self) {
  self.set_requires_grad(false);
  autograd::clearHistory(self.impl());
  return self;
}
void requiresGradInplace(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  autograd::setRequiresGrad(self, boolArg(a[1]));
  ret(s, 2, std::move(self));
}

// ---- views taking sizes ----
using SizesFn = Tensor (*)(const Tensor&, IntArrayRef);
template <SizesFn F>
void sizesOp(Stack& s) {
  IValue* a = args(s, 2);
  DimVector sizes = intListArg(a[1]);
  Tensor r = F(tensorArg(a[0]), sizes);
  ret(s, 2, std::move(r));
}
void asStrided(Stack& s) {
  IValue* a = args(s, 4);
  DimVector size = intListArg(a[1]), stride = intListArg(a[2]);
  Tensor r = as_strided(tensorArg(a[0]), size, stride, optIntArg(a[3]));
  ret(s, 4, std::move(r));
}
// In-place view ops re-point self's geometry at the view's (same storage).
void restride(Tensor& self, const Tensor& view) {
  self.impl()->setSizesAndStrides(view.sizes(), view.strides(), view.storage_offset());
}
void asStridedInplace(Stack& s) {
  IValue* a = args(s, 4);
  DimVector size = intListArg(a[1]), stride = intListArg(a[2]);
  Tensor self = tensorArg(a[0]);
  restride(self, as_strided(self, size, stride, optIntArg(a[3])));
  ret(s, 4, std::move(self));
}
void expandOp(Stack& s) {
  IValue* a = args(s, 3);
  DimVector sizes = intListArg(a[1]);
  Tensor r = expand(tensorArg(a[0]), sizes, boolArg(a[2]));
  ret(s, 3, std::move(r));
}
// view.dtype: reinterprets the elements; only same-size dtypes (as PyTorch for equal sizes).
void viewDtype(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  ScalarType dtype = scalarTypeArg(a[1]);
  EMBER_CHECK(elementSize(dtype) == self.element_size(),
              "ember supports Tensor.view(dtype) only between dtypes of the same size (",
              scalarTypeTorchName(self.dtype()), " to ", scalarTypeTorchName(dtype), ")");
  Tensor r = Tensor::make(self.storage(), dtype, self.sizes(), self.strides(), self.storage_offset());
  ret(s, 2, std::move(r));
}

// ---- views taking dims ----
using TwoIntFn = Tensor (*)(const Tensor&, int64_t, int64_t);
template <TwoIntFn F>
void twoIntOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = F(tensorArg(a[0]), intArg(a[1]), intArg(a[2]));
  ret(s, 3, std::move(r));
}
template <TwoIntFn F>
void twoIntInplaceOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  restride(self, F(self, intArg(a[1]), intArg(a[2])));
  ret(s, 3, std::move(self));
}
using OneIntFn = Tensor (*)(const Tensor&, int64_t);
template <OneIntFn F>
void oneIntOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = F(tensorArg(a[0]), intArg(a[1]));
  ret(s, 2, std::move(r));
}
template <OneIntFn F>
void oneIntInplaceOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  restride(self, F(self, intArg(a[1])));
  ret(s, 2, std::move(self));
}
template <UnaryFn F>
void viewInplaceOp(Stack& s) {
  Tensor self = tensorArg(*args(s, 1));
  restride(self, F(self));
  ret(s, 1, std::move(self));
}
using TwoListFn = Tensor (*)(const Tensor&, IntArrayRef, IntArrayRef);
template <TwoListFn F>
void twoListOp(Stack& s) {
  IValue* a = args(s, 3);
  DimVector x = intListArg(a[1]), y = intListArg(a[2]);
  Tensor r = F(tensorArg(a[0]), x, y);
  ret(s, 3, std::move(r));
}
Tensor movedimInt(const Tensor& self, int64_t src, int64_t dst) { return movedim(self, src, dst); }
Tensor movedimList(const Tensor& self, IntArrayRef src, IntArrayRef dst) { return movedim(self, src, dst); }
Tensor squeezeAll(const Tensor& self) { return squeeze(self); }
Tensor squeezeDim(const Tensor& self, int64_t dim) { return squeeze(self, dim); }
Tensor transposeDims(const Tensor& self, int64_t d0, int64_t d1) { return transpose(self, d0, d1); }
Tensor narrowTensor(const Tensor& self, int64_t dim, const Tensor& start, int64_t length) {
  EMBER_CHECK(start.dim() == 0 && isIntegralType(start.dtype(), false), "start must be an 0-dim integral Tensor.");
  return narrow(self, dim, start.item().toLong(), length);
}

void unflattenOp(Stack& s) {
  IValue* a = args(s, 3);
  DimVector sizes = intListArg(a[2]);
  Tensor r = unflatten(tensorArg(a[0]), intArg(a[1]), sizes);
  ret(s, 3, std::move(r));
}
void sliceOp(Stack& s) {
  IValue* a = args(s, 5);
  Tensor r = slice(tensorArg(a[0]), intArg(a[1]), optIntArg(a[2]), optIntArg(a[3]), intArg(a[4]));
  ret(s, 5, std::move(r));
}
void narrowOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor self = tensorArg(a[0]);
  Tensor r = a[2].isTensor() ? narrowTensor(self, intArg(a[1]), tensorArg(a[2]), intArg(a[3]))
                             : narrow(self, intArg(a[1]), intArg(a[2]), intArg(a[3]));
  ret(s, 4, std::move(r));
}
void diagonalOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = diagonal(tensorArg(a[0]), intArg(a[1]), intArg(a[2]), intArg(a[3]));
  ret(s, 4, std::move(r));
}
void unfoldOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = tensorArg(a[0]).unfold(intArg(a[1]), intArg(a[2]), intArg(a[3]));
  ret(s, 4, std::move(r));
}

// ---- list results ----
void splitTensor(Stack& s) {
  IValue* a = args(s, 3);
  std::vector<Tensor> r = split(tensorArg(a[0]), intArg(a[1]), intArg(a[2]));
  retTensorList(s, 3, r);
}
void splitSizes(Stack& s) {
  IValue* a = args(s, 3);
  DimVector sizes = intListArg(a[1]);
  std::vector<Tensor> r = split_with_sizes(tensorArg(a[0]), sizes, intArg(a[2]));
  retTensorList(s, 3, r);
}
void chunkOp(Stack& s) {
  IValue* a = args(s, 3);
  std::vector<Tensor> r = chunk(tensorArg(a[0]), intArg(a[1]), intArg(a[2]));
  retTensorList(s, 3, r);
}
void unbindOp(Stack& s) {
  IValue* a = args(s, 2);
  std::vector<Tensor> r = unbind(tensorArg(a[0]), intArg(a[1]));
  retTensorList(s, 2, r);
}

// ---- cat / stack ----
using ListFn = Tensor (*)(ArrayRef<Tensor>, int64_t);
using ListOutFn = Tensor& (*)(Tensor&, ArrayRef<Tensor>, int64_t);
template <ListFn F>
void listOp(Stack& s) {
  IValue* a = args(s, 2);
  std::vector<Tensor> tensors = tensorListArg(a[0]);
  Tensor r = F(ArrayRef<Tensor>(tensors.data(), tensors.size()), intArg(a[1]));
  ret(s, 2, std::move(r));
}
template <ListOutFn F>
void listOutOp(Stack& s) {
  IValue* a = args(s, 3);
  std::vector<Tensor> tensors = tensorListArg(a[0]);
  Tensor out = tensorArg(a[2]);
  F(out, ArrayRef<Tensor>(tensors.data(), tensors.size()), intArg(a[1]));
  ret(s, 3, std::move(out));
}

// ---- shape ops producing new tensors ----
template <int kForm>  // 0: functional, 2: out=
void flipOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 3 : 2;
  IValue* a = args(s, n);
  DimVector dims = intListArg(a[1]);
  Tensor r = flip(tensorArg(a[0]), dims);
  if constexpr (kForm == 2) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
template <int kForm>
void rollOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 4 : 3;
  IValue* a = args(s, n);
  DimVector shifts = intListArg(a[1]), dims = intListArg(a[2]);
  Tensor r = roll(tensorArg(a[0]), shifts, dims);
  if constexpr (kForm == 2) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
template <int kForm>
void repeatOp(Stack& s) {
  constexpr size_t n = kForm == 2 ? 3 : 2;
  IValue* a = args(s, n);
  DimVector repeats = intListArg(a[1]);
  Tensor r = repeat(tensorArg(a[0]), repeats);
  if constexpr (kForm == 2) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}
using TriFn = Tensor (*)(const Tensor&, int64_t);
using TriInplaceFn = const Tensor& (*)(const Tensor&, int64_t);
template <TriFn F>
void triOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  writeOut(out, F(tensorArg(a[0]), intArg(a[1])));
  ret(s, 3, std::move(out));
}
template <TriInplaceFn F>
void triInplace(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  F(self, intArg(a[1]));
  ret(s, 2, std::move(self));
}

RegisterOperators reg({
    // copies and conversions
    {"aten::copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)", copyInplace},
    {"aten::copy_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", copyInplaceValue},
    {"aten::resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)",
     resizeInplace},
    {"aten::resize_as_(Tensor(a!) self, Tensor the_template, *, MemoryFormat? memory_format=None) -> Tensor(a!)",
     resizeAsInplace},
    {"aten::copy_.int(Tensor(a!) self, int other) -> Tensor(a!)", copyInplaceValue},
    {"aten::copy_.float(Tensor(a!) self, float other) -> Tensor(a!)", copyInplaceValue},
    {"aten::copy(Tensor self, Tensor src, bool non_blocking=False) -> Tensor", copyFunctional},
    {"aten::copy.out(Tensor self, Tensor src, bool non_blocking=False, *, Tensor(a!) out) -> Tensor(a!)", copyOut},
    {"aten::to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, MemoryFormat? "
     "memory_format=None) -> Tensor(a)",
     toDtype},
    {"aten::to.device(Tensor(a) self, Device device, ScalarType dtype, bool non_blocking=False, bool copy=False, "
     "MemoryFormat? memory_format=None) -> Tensor(a)",
     toDevice},
    {"aten::to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False, MemoryFormat? "
     "memory_format=None) -> Tensor(a)",
     toOther},
    {"aten::to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
     "bool? pin_memory=None, bool non_blocking=False, bool copy=False, MemoryFormat? memory_format=None) -> "
     "Tensor(a)",
     toDtypeLayout},
    {"aten::to.prim_Device(Tensor(a) self, Device? device, int? dtype=None, bool non_blocking=False, bool "
     "copy=False) -> Tensor(b|a)",
     toPrimDevice},
    {"aten::to.prim_dtype(Tensor(a) self, int? dtype=None, bool non_blocking=False, bool copy=False) -> Tensor(b|a)",
     toPrimDtype},
    {"aten::to.prim_other(Tensor(a) self, bool non_blocking=False, bool copy=False) -> Tensor(b|a)", toPrimOther},
    {"aten::type_as(Tensor self, Tensor other) -> Tensor", binaryOp<type_as>},
    {"aten::contiguous(Tensor(a) self, *, MemoryFormat memory_format=0) -> Tensor(a)", contiguousOp},
    {"aten::clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor", cloneOp},
    {"aten::clone.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)", cloneOut},
    {"aten::detach(Tensor(a) self) -> Tensor(a)", unaryOp<detach>},
    {"aten::detach_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<detachInplace>},
    {"aten::requires_grad_(Tensor(a!) self, bool requires_grad=True) -> Tensor(a!)", requiresGradInplace},

    // views
    {"aten::alias(Tensor(a) self) -> Tensor(a)", unaryOp<alias>},
    {"aten::as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)",
     asStrided},
    {"aten::as_strided_(Tensor(a!) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> "
     "Tensor(a!)",
     asStridedInplace},
    {"aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)", sizesOp<view>},
    {"aten::view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)", viewDtype},
    {"aten::reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)", sizesOp<reshape>},
    {"aten::view_as(Tensor(a) self, Tensor other) -> Tensor(a)", binaryOp<view_as>},
    {"aten::reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)", binaryOp<reshape_as>},
    {"aten::transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", twoIntOp<transposeDims>},
    {"aten::transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", twoIntInplaceOp<transposeDims>},
    {"aten::swapaxes(Tensor(a) self, int axis0, int axis1) -> Tensor(a)", twoIntOp<swapaxes>},
    {"aten::swapaxes_(Tensor(a!) self, int axis0, int axis1) -> Tensor(a!)", twoIntInplaceOp<swapaxes>},
    {"aten::swapdims(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", twoIntOp<swapdims>},
    {"aten::swapdims_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", twoIntInplaceOp<swapdims>},
    {"aten::t(Tensor(a) self) -> Tensor(a)", unaryOp<t>},
    {"aten::t_(Tensor(a!) self) -> Tensor(a!)", viewInplaceOp<t>},
    {"aten::numpy_T(Tensor(a) self) -> Tensor(a)", unaryOp<numpy_T>},
    {"aten::numpy_T.a(Tensor(a) self) -> Tensor(a)", unaryOp<numpy_T>},
    {"aten::mT(Tensor(a) self) -> Tensor(a)", unaryOp<mT>},
    {"aten::mT.a(Tensor(a) self) -> Tensor(a)", unaryOp<mT>},
    {"aten::adjoint(Tensor(a) self) -> Tensor(a)", unaryOp<adjoint>},
    {"aten::permute(Tensor(a) self, int[] dims) -> Tensor(a)", sizesOp<permute>},
    {"aten::movedim.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)", twoListOp<movedimList>},
    {"aten::movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)", twoIntOp<movedimInt>},
    {"aten::moveaxis.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)", twoListOp<movedimList>},
    {"aten::moveaxis.int(Tensor(a) self, int source, int destination) -> Tensor(a)", twoIntOp<movedimInt>},
    {"aten::expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)", expandOp},
    {"aten::expand_as(Tensor(a) self, Tensor other) -> Tensor(a)", binaryOp<expand_as>},
    {"aten::squeeze(Tensor(a) self) -> Tensor(a)", unaryOp<squeezeAll>},
    {"aten::squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)", oneIntOp<squeezeDim>},
    {"aten::squeeze_(Tensor(a!) self) -> Tensor(a!)", viewInplaceOp<squeezeAll>},
    {"aten::squeeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!)", oneIntInplaceOp<squeezeDim>},
    {"aten::unsqueeze(Tensor(a) self, int dim) -> Tensor(a)", oneIntOp<unsqueeze>},
    {"aten::unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)", oneIntInplaceOp<unsqueeze>},
    {"aten::flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)", twoIntOp<flatten>},
    {"aten::unflatten.int(Tensor(a) self, int dim, int[] sizes) -> Tensor(a)", unflattenOp},
    {"aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> "
     "Tensor(a)",
     sliceOp},
    {"aten::narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)", narrowOp},
    {"aten::narrow.Tensor(Tensor(a) self, int dim, Tensor start, int length) -> Tensor(a)", narrowOp},
    {"aten::select.int(Tensor(a) self, int dim, int index) -> Tensor(a)", twoIntOp<select>},
    {"aten::diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)", diagonalOp},
    {"aten::unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)", unfoldOp},

    // lists of views
    {"aten::split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]", splitTensor},
    {"aten::split.sizes(Tensor(a -> *) self, int[] split_size, int dim=0) -> Tensor(a)[]", splitSizes},
    {"aten::split(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]", splitSizes},
    {"aten::split_with_sizes(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]", splitSizes},
    {"aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]", chunkOp},
    {"aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]", unbindOp},

    // joins
    {"aten::cat(Tensor[] tensors, int dim=0) -> Tensor", listOp<cat>},
    {"aten::cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", listOutOp<cat_out>},
    {"aten::concat(Tensor[] tensors, int dim=0) -> Tensor", listOp<cat>},
    {"aten::concat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", listOutOp<cat_out>},
    {"aten::concatenate(Tensor[] tensors, int dim=0) -> Tensor", listOp<cat>},
    {"aten::concatenate.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", listOutOp<cat_out>},
    {"aten::stack(Tensor[] tensors, int dim=0) -> Tensor", listOp<stack>},
    {"aten::stack.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", listOutOp<stack_out>},

    // new tensors
    {"aten::flip(Tensor self, int[] dims) -> Tensor", flipOp<0>},
    {"aten::flip.out(Tensor self, int[] dims, *, Tensor(a!) out) -> Tensor(a!)", flipOp<2>},
    {"aten::roll(Tensor self, int[1] shifts, int[1] dims=[]) -> Tensor", rollOp<0>},
    {"aten::roll.out(Tensor self, int[1] shifts, int[1] dims=[], *, Tensor(a!) out) -> Tensor(a!)", rollOp<2>},
    {"aten::repeat(Tensor self, SymInt[] repeats) -> Tensor", repeatOp<0>},
    {"aten::repeat.out(Tensor self, SymInt[] repeats, *, Tensor(a!) out) -> Tensor(a!)", repeatOp<2>},
    {"aten::tile(Tensor self, int[] dims) -> Tensor", sizesOp<tile>},
    {"aten::tril(Tensor self, int diagonal=0) -> Tensor", oneIntOp<tril>},
    {"aten::tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", triInplace<tril_>},
    {"aten::tril.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)", triOut<tril>},
    {"aten::triu(Tensor self, int diagonal=0) -> Tensor", oneIntOp<triu>},
    {"aten::triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", triInplace<triu_>},
    {"aten::triu.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)", triOut<triu>},
});

}  // namespace
}  // namespace ember::jit::aten
