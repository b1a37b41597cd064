// aten:: factory operators: tensors from sizes (zeros, ones, full, empty), ranges, *_like,
// new_*, fill_/zero_, and torch.tensor from TorchScript values, with PyTorch 1.13's schemas.
// Factory kwargs (dtype, layout, device, pin_memory) are checked: only strided CPU tensors.
#include "ember/runtime/autograd.h"
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// Strides for an empty tensor under `format` (channels_last for 4-D, channels_last_3d for 5-D).
DimVector stridesFor(IntArrayRef sizes, std::optional<MemoryFormat> format) {
  MemoryFormat f = format.value_or(MemoryFormat::Contiguous);
  if (f == MemoryFormat::ChannelsLast || f == MemoryFormat::ChannelsLast3d) {
    size_t nd = f == MemoryFormat::ChannelsLast ? 4 : 5;
    EMBER_CHECK(sizes.size() == nd, "required rank ", nd, " tensor to use ",
                f == MemoryFormat::ChannelsLast ? "channels_last" : "channels_last_3d", " format");
    // Dim order from innermost: C, then the spatial dims from last to first, then N.
    DimVector strides(nd, 1);
    int64_t acc = std::max<int64_t>(sizes[1], 1);
    for (size_t d = nd - 1; d >= 2; --d) {
      strides[d] = acc;
      acc *= std::max<int64_t>(sizes[d], 1);
    }
    strides[0] = acc;
    return strides;
  }
  EMBER_CHECK(f != MemoryFormat::Preserve, "memory format option is only supported by strided tensors");
  return contiguousStrides(sizes);
}

// ---- size-based factories: (size, [fill], *, dtype, layout, device, pin_memory) ----
void emptyMemoryFormat(Stack& s) {
  IValue* a = args(s, 6);
  DimVector sizes = intListArg(a[0]);
  TensorOptions options = factoryOptions(a + 1);
  std::optional<MemoryFormat> format = optMemoryFormatArg(a[5]);
  Tensor r = format && *format != MemoryFormat::Contiguous ? empty_strided(sizes, stridesFor(sizes, format), options)
                                                           : empty(sizes, options);
  ret(s, 6, std::move(r));
}
void emptyOut(Stack& s) {
  IValue* a = args(s, 3);
  DimVector sizes = intListArg(a[0]);
  Tensor out = tensorArg(a[2]);
  resizeOut(out, sizes);
  ret(s, 3, std::move(out));
}
void emptyStrided(Stack& s) {
  IValue* a = args(s, 6);
  DimVector sizes = intListArg(a[0]), strides = intListArg(a[1]);
  Tensor r = empty_strided(sizes, strides, factoryOptions(a + 2));
  ret(s, 6, std::move(r));
}
// empty_strided.out only resizes out (contiguously), as PyTorch's does: the strides are ignored.
void emptyStridedOut(Stack& s) {
  IValue* a = args(s, 3);
  DimVector sizes = intListArg(a[0]);
  intListArg(a[1]);
  Tensor out = tensorArg(a[2]);
  resizeOut(out, sizes);
  ret(s, 3, std::move(out));
}
using SizeFactoryFn = Tensor (*)(IntArrayRef, TensorOptions);
template <SizeFactoryFn F>
void sizeFactory(Stack& s) {
  IValue* a = args(s, 5);
  DimVector sizes = intListArg(a[0]);
  Tensor r = F(sizes, factoryOptions(a + 1));
  ret(s, 5, std::move(r));
}
// zeros.out / ones.out: out takes the size, then the value.
template <int kValue>
void constantOut(Stack& s) {
  IValue* a = args(s, 2);
  DimVector sizes = intListArg(a[0]);
  Tensor out = tensorArg(a[1]);
  resizeOut(out, sizes);
  fill_(out, Scalar(int64_t{kValue}));
  ret(s, 2, std::move(out));
}
void fullOp(Stack& s) {
  IValue* a = args(s, 6);
  DimVector sizes = intListArg(a[0]);
  Tensor r = full(sizes, scalarArg(a[1]), factoryOptions(a + 2));
  ret(s, 6, std::move(r));
}
void fullOut(Stack& s) {
  IValue* a = args(s, 3);
  DimVector sizes = intListArg(a[0]);
  Tensor out = tensorArg(a[2]);
  resizeOut(out, sizes);
  fill_(out, scalarArg(a[1]));
  ret(s, 3, std::move(out));
}
void scalarTensorOp(Stack& s) {
  IValue* a = args(s, 5);
  Tensor r = scalar_tensor(scalarArg(a[0]), factoryOptions(a + 1));
  ret(s, 5, std::move(r));
}
void scalarTensorOut(Stack& s) {
  IValue* a = args(s, 2);
  Tensor out = tensorArg(a[1]);
  resizeOut(out, {});
  fill_(out, scalarArg(a[0]));
  ret(s, 2, std::move(out));
}

// ---- *_like: (self, [fill], *, dtype, layout, device, pin_memory, memory_format) ----
using LikeFn = Tensor (*)(const Tensor&, TensorOptions, std::optional<MemoryFormat>);
template <LikeFn F>
void likeOp(Stack& s) {
  IValue* a = args(s, 6);
  Tensor r = F(tensorArg(a[0]), factoryOptions(a + 1), optMemoryFormatArg(a[5]));
  ret(s, 6, std::move(r));
}
// *_like.out: the result takes out's dtype.
template <LikeFn F>
void likeOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  writeOut(out, F(tensorArg(a[0]), TensorOptions(out.dtype()), optMemoryFormatArg(a[1])));
  ret(s, 3, std::move(out));
}
void fullLike(Stack& s) {
  IValue* a = args(s, 7);
  Tensor r = full_like(tensorArg(a[0]), scalarArg(a[1]), factoryOptions(a + 2), optMemoryFormatArg(a[6]));
  ret(s, 7, std::move(r));
}
void fullLikeOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  writeOut(out, full_like(tensorArg(a[0]), scalarArg(a[1]), TensorOptions(out.dtype()), optMemoryFormatArg(a[2])));
  ret(s, 4, std::move(out));
}

// ---- new_*: self's dtype unless given ----
TensorOptions newOptions(const Tensor& self, const IValue* kwargs) {
  TensorOptions options = factoryOptions(kwargs);
  if (!options.dtype_) options.dtype_ = self.dtype();
  return options;
}
using NewFn = Tensor (*)(IntArrayRef, TensorOptions);
template <NewFn F>
void newOp(Stack& s) {
  IValue* a = args(s, 6);
  Tensor self = tensorArg(a[0]);
  DimVector sizes = intListArg(a[1]);
  Tensor r = F(sizes, newOptions(self, a + 2));
  ret(s, 6, std::move(r));
}
template <NewFn F>
void newOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  DimVector sizes = intListArg(a[1]);
  Tensor out = tensorArg(a[2]);
  writeOut(out, F(sizes, TensorOptions(self.dtype())));
  ret(s, 3, std::move(out));
}
void newFull(Stack& s) {
  IValue* a = args(s, 7);
  Tensor self = tensorArg(a[0]);
  DimVector sizes = intListArg(a[1]);
  Tensor r = full(sizes, scalarArg(a[2]), newOptions(self, a + 3));
  ret(s, 7, std::move(r));
}
void newFullOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor self = tensorArg(a[0]);
  DimVector sizes = intListArg(a[1]);
  Tensor out = tensorArg(a[3]);
  writeOut(out, full(sizes, scalarArg(a[2]), TensorOptions(self.dtype())));
  ret(s, 4, std::move(out));
}
void newEmptyStrided(Stack& s) {
  IValue* a = args(s, 7);
  Tensor self = tensorArg(a[0]);
  DimVector sizes = intListArg(a[1]), strides = intListArg(a[2]);
  Tensor r = empty_strided(sizes, strides, newOptions(self, a + 3));
  ret(s, 7, std::move(r));
}
// Like empty_strided.out: out is resized contiguously, the strides are ignored.
void newEmptyStridedOut(Stack& s) {
  IValue* a = args(s, 4);
  DimVector sizes = intListArg(a[1]);
  intListArg(a[2]);
  Tensor out = tensorArg(a[3]);
  resizeOut(out, sizes);
  ret(s, 4, std::move(out));
}

// ---- fill, zero ----
void fillInplace(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  if (a[1].isTensor()) {
    fill_(self, tensorArg(a[1]));
  } else {
    fill_(self, scalarArg(a[1]));
  }
  ret(s, 2, std::move(self));
}
Tensor filled(const Tensor& self, IValue& value) {
  Tensor r = empty_like(self);
  if (value.isTensor()) {
    fill_(r, tensorArg(value));
  } else {
    fill_(r, scalarArg(value));
  }
  return r;
}
void fillOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = filled(tensorArg(a[0]), a[1]);
  ret(s, 2, std::move(r));
}
void fillOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  writeOut(out, filled(tensorArg(a[0]), a[1]));
  ret(s, 3, std::move(out));
}
Tensor zeroFunctional(const Tensor& self) { return zeros_like(self); }
Tensor& zeroOut(Tensor& out, const Tensor& self) { return writeOut(out, zeros_like(self)); }

// ---- ranges ----
// arange(end), arange.start(start, end), arange.start_step(start, end, step): then the four kwargs.
template <int kNumScalars>
void arangeOp(Stack& s) {
  constexpr size_t n = kNumScalars + 4;
  IValue* a = args(s, n);
  TensorOptions options = factoryOptions(a + kNumScalars);
  Tensor r;
  if constexpr (kNumScalars == 1) {
    r = arange(scalarArg(a[0]), options);
  } else if constexpr (kNumScalars == 2) {
    r = arange(scalarArg(a[0]), scalarArg(a[1]), options);
  } else {
    r = arange(scalarArg(a[0]), scalarArg(a[1]), scalarArg(a[2]), options);
  }
  ret(s, n, std::move(r));
}
void arangeOut(Stack& s) {
  IValue* a = args(s, 2);
  Tensor out = tensorArg(a[1]);
  writeOut(out, arange(scalarArg(a[0]), TensorOptions(out.dtype())));
  ret(s, 2, std::move(out));
}
void arangeStartOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  writeOut(out, arange(scalarArg(a[0]), scalarArg(a[1]), scalarArg(a[2]), TensorOptions(out.dtype())));
  ret(s, 4, std::move(out));
}
void linspaceOp(Stack& s) {
  IValue* a = args(s, 7);
  Tensor r = linspace(scalarArg(a[0]), scalarArg(a[1]), intArg(a[2]), factoryOptions(a + 3));
  ret(s, 7, std::move(r));
}
void linspaceOut(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  writeOut(out, linspace(scalarArg(a[0]), scalarArg(a[1]), intArg(a[2]), TensorOptions(out.dtype())));
  ret(s, 4, std::move(out));
}
void logspaceOp(Stack& s) {
  IValue* a = args(s, 8);
  Tensor r = logspace(scalarArg(a[0]), scalarArg(a[1]), intArg(a[2]), doubleArg(a[3]), factoryOptions(a + 4));
  ret(s, 8, std::move(r));
}
void logspaceOut(Stack& s) {
  IValue* a = args(s, 5);
  Tensor out = tensorArg(a[4]);
  writeOut(out, logspace(scalarArg(a[0]), scalarArg(a[1]), intArg(a[2]), doubleArg(a[3]), TensorOptions(out.dtype())));
  ret(s, 5, std::move(out));
}
void eyeOp(Stack& s) {
  IValue* a = args(s, 5);
  Tensor r = eye(intArg(a[0]), factoryOptions(a + 1));
  ret(s, 5, std::move(r));
}
void eyeM(Stack& s) {
  IValue* a = args(s, 6);
  Tensor r = eye(intArg(a[0]), intArg(a[1]), factoryOptions(a + 2));
  ret(s, 6, std::move(r));
}
void eyeOut(Stack& s) {
  IValue* a = args(s, 2);
  Tensor out = tensorArg(a[1]);
  writeOut(out, eye(intArg(a[0]), TensorOptions(out.dtype())));
  ret(s, 2, std::move(out));
}
void eyeMOut(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  writeOut(out, eye(intArg(a[0]), intArg(a[1]), TensorOptions(out.dtype())));
  ret(s, 3, std::move(out));
}

// ---- torch.tensor / torch.as_tensor from TorchScript values ----
// A nested list's elements flattened in row-major order, with its sizes.
struct NestedData {
  DimVector sizes;
  std::vector<int64_t> ints;
  std::vector<double> doubles;
  std::vector<uint8_t> bools;
  ScalarType leafType = ScalarType::Double;
};

ScalarType leafTypeOf(const IValue& leaf) {
  if (leaf.isInt()) return ScalarType::Long;
  if (leaf.isDouble()) return ScalarType::Double;
  if (leaf.isBool()) return ScalarType::Bool;
  EMBER_ERROR("torch.tensor: unsupported element of type '", leaf.tagKind(),
              "' (expected int, float, bool or nested lists of them)");
}

// The element type an empty list declares (List[List[int]] -> Long).
ScalarType declaredLeafType(TypePtr t) {
  while (t && t->kind() == TypeKind::ListType) t = t->containedTypes()[0];
  if (t && t->kind() == TypeKind::IntType) return ScalarType::Long;
  if (t && t->kind() == TypeKind::BoolType) return ScalarType::Bool;
  return ScalarType::Double;
}

void collectNested(const IValue& v, size_t depth, NestedData& d) {
  if (depth == d.sizes.size()) {
    EMBER_CHECK(!v.isList(), "Expected a scalar at dim ", depth, " but found a sequence");
    EMBER_CHECK(leafTypeOf(v) == d.leafType, "Expected all elements of torch.tensor data to have the same type");
    if (d.leafType == ScalarType::Long)
      d.ints.push_back(v.toInt());
    else if (d.leafType == ScalarType::Double)
      d.doubles.push_back(v.toDouble());
    else
      d.bools.push_back(v.toBool());
    return;
  }
  EMBER_CHECK(v.isList(), "Expected sequence of length ", d.sizes[depth], " at dim ", depth, " (got a scalar)");
  const auto& elems = v.toListRef().elements;
  EMBER_CHECK(static_cast<int64_t>(elems.size()) == d.sizes[depth], "Expected sequence of length ", d.sizes[depth],
              " at dim ", depth, " (got ", elems.size(), ")");
  for (const auto& e : elems) collectNested(e, depth + 1, d);
}

Tensor tensorFromList(const IValue& data, TensorOptions options) {
  EMBER_CHECK(data.isList(), "torch.tensor expects a list, got ", data.tagKind());
  NestedData d;
  const IValue* cur = &data;
  while (cur->isList()) {
    const ListImpl& list = cur->toListRef();
    d.sizes.push_back(static_cast<int64_t>(list.size()));
    if (list.size() == 0) {
      d.leafType = declaredLeafType(list.elementType);
      break;
    }
    cur = &list.elements[0];
  }
  if (!cur->isList()) d.leafType = leafTypeOf(*cur);
  collectNested(data, 0, d);
  int64_t count = computeNumel(d.sizes);
  const void* ptr = d.leafType == ScalarType::Long     ? static_cast<const void*>(d.ints.data())
                    : d.leafType == ScalarType::Double ? static_cast<const void*>(d.doubles.data())
                                                       : static_cast<const void*>(d.bools.data());
  return tensorFromData(ptr, count, d.leafType, d.sizes, options);
}

Tensor tensorFromScalar(const IValue& v, TensorOptions options) {
  ScalarType t = leafTypeOf(v);
  if (t == ScalarType::Long) {
    int64_t i = v.toInt();
    return tensorFromData(&i, 1, t, {}, options);
  }
  if (t == ScalarType::Double) {
    double x = v.toDouble();
    return tensorFromData(&x, 1, t, {}, options);
  }
  uint8_t b = v.toBool();
  return tensorFromData(&b, 1, t, {}, options);
}

// Whether `data` (a number or nested lists) holds Python floats.
bool holdsFloatingNumbers(const IValue& data) {
  const IValue* cur = &data;
  while (cur->isList()) {
    const ListImpl& list = cur->toListRef();
    if (list.size() == 0) return false;
    cur = &list.elements[0];
  }
  return cur->isDouble();
}

// torch.tensor / torch.as_tensor of Python numbers in TorchScript. As PyTorch 1.13's
// interpreter does, floats are stored in the default dtype and only then cast to the dtype asked
// for: torch.tensor([1.7], dtype=torch.float64) holds 1.7 rounded to float32 there, and so here
// (complex numbers: tensor.complex). Eager torch.tensor keeps the precision.
Tensor scriptTensorFromNumbers(const IValue& data, TensorOptions options) {
  TensorOptions initial = options;
  if (holdsFloatingNumbers(data)) initial.dtype_.reset();
  Tensor r = data.isList() ? tensorFromList(data, initial) : tensorFromScalar(data, initial);
  if (options.dtype_ && r.dtype() != *options.dtype_) r = to(r, *options.dtype_);
  return r;
}

// tensor(t[] data | number t, *, ScalarType? dtype, Device? device, bool requires_grad)
void tensorOp(Stack& s) {
  IValue* a = args(s, 4);
  TensorOptions options;
  options.dtype_ = optScalarTypeArg(a[1]);
  optDeviceArg(a[2]);
  Tensor r = scriptTensorFromNumbers(a[0], options);
  if (boolArg(a[3])) autograd::setRequiresGrad(r);
  ret(s, 4, std::move(r));
}
// as_tensor(data, *, ScalarType? dtype, Device? device): a tensor argument is returned as is
// when it already has the dtype.
void asTensorOp(Stack& s) {
  IValue* a = args(s, 3);
  TensorOptions options;
  options.dtype_ = optScalarTypeArg(a[1]);
  optDeviceArg(a[2]);
  Tensor r;
  if (a[0].isTensor()) {
    r = tensorArg(a[0]);
    if (options.dtype_) r = to(r, *options.dtype_);
  } else {
    r = scriptTensorFromNumbers(a[0], options);
  }
  ret(s, 3, std::move(r));
}

#define EMBER_FACTORY_KWARGS "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None"

RegisterOperators reg({
    {"aten::empty.memory_format(SymInt[] size, *, " EMBER_FACTORY_KWARGS
     ", MemoryFormat? memory_format=None) -> Tensor",
     emptyMemoryFormat},
    {"aten::empty.out(SymInt[] size, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)", emptyOut},
    {"aten::empty_strided(SymInt[] size, SymInt[] stride, *, " EMBER_FACTORY_KWARGS ") -> Tensor", emptyStrided},
    {"aten::empty_strided.out(SymInt[] size, SymInt[] stride, *, Tensor(a!) out) -> Tensor(a!)", emptyStridedOut},
    {"aten::zeros(SymInt[] size, *, " EMBER_FACTORY_KWARGS ") -> Tensor", sizeFactory<zeros>},
    {"aten::zeros.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)", constantOut<0>},
    {"aten::ones(SymInt[] size, *, " EMBER_FACTORY_KWARGS ") -> Tensor", sizeFactory<ones>},
    {"aten::ones.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)", constantOut<1>},
    {"aten::full(SymInt[] size, Scalar fill_value, *, " EMBER_FACTORY_KWARGS ") -> Tensor", fullOp},
    {"aten::full.out(SymInt[] size, Scalar fill_value, *, Tensor(a!) out) -> Tensor(a!)", fullOut},
    {"aten::scalar_tensor(Scalar s, *, " EMBER_FACTORY_KWARGS ") -> Tensor", scalarTensorOp},
    {"aten::scalar_tensor.out(Scalar s, *, Tensor(a!) out) -> Tensor(a!)", scalarTensorOut},

    {"aten::empty_like(Tensor self, *, " EMBER_FACTORY_KWARGS ", MemoryFormat? memory_format=None) -> Tensor",
     likeOp<empty_like>},
    {"aten::empty_like.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
     likeOut<empty_like>},
    {"aten::zeros_like(Tensor self, *, " EMBER_FACTORY_KWARGS ", MemoryFormat? memory_format=None) -> Tensor",
     likeOp<zeros_like>},
    {"aten::zeros_like.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
     likeOut<zeros_like>},
    {"aten::ones_like(Tensor self, *, " EMBER_FACTORY_KWARGS ", MemoryFormat? memory_format=None) -> Tensor",
     likeOp<ones_like>},
    {"aten::ones_like.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
     likeOut<ones_like>},
    {"aten::full_like(Tensor self, Scalar fill_value, *, " EMBER_FACTORY_KWARGS
     ", MemoryFormat? memory_format=None) -> Tensor",
     fullLike},
    {"aten::full_like.out(Tensor self, Scalar fill_value, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> "
     "Tensor(a!)",
     fullLikeOut},

    {"aten::new_empty(Tensor self, SymInt[] size, *, " EMBER_FACTORY_KWARGS ") -> Tensor", newOp<empty>},
    {"aten::new_empty.out(Tensor self, SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)", newOut<empty>},
    {"aten::new_zeros(Tensor self, SymInt[] size, *, " EMBER_FACTORY_KWARGS ") -> Tensor", newOp<zeros>},
    {"aten::new_zeros.out(Tensor self, SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)", newOut<zeros>},
    {"aten::new_ones(Tensor self, SymInt[] size, *, " EMBER_FACTORY_KWARGS ") -> Tensor", newOp<ones>},
    {"aten::new_ones.out(Tensor self, SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)", newOut<ones>},
    {"aten::new_full(Tensor self, SymInt[] size, Scalar fill_value, *, " EMBER_FACTORY_KWARGS ") -> Tensor", newFull},
    {"aten::new_full.out(Tensor self, SymInt[] size, Scalar fill_value, *, Tensor(a!) out) -> Tensor(a!)", newFullOut},
    {"aten::new_empty_strided(Tensor self, SymInt[] size, SymInt[] stride, *, " EMBER_FACTORY_KWARGS ") -> Tensor",
     newEmptyStrided},
    {"aten::new_empty_strided.out(Tensor self, SymInt[] size, SymInt[] stride, *, Tensor(a!) out) -> Tensor(a!)",
     newEmptyStridedOut},

    {"aten::fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)", fillInplace},
    {"aten::fill_.Tensor(Tensor(a!) self, Tensor value) -> Tensor(a!)", fillInplace},
    {"aten::fill.Scalar(Tensor self, Scalar value) -> Tensor", fillOp},
    {"aten::fill.Tensor(Tensor self, Tensor value) -> Tensor", fillOp},
    {"aten::fill.Scalar_out(Tensor self, Scalar value, *, Tensor(a!) out) -> Tensor(a!)", fillOut},
    {"aten::fill.Tensor_out(Tensor self, Tensor value, *, Tensor(a!) out) -> Tensor(a!)", fillOut},
    {"aten::zero_(Tensor(a!) self) -> Tensor(a!)", unaryInplaceOp<zero_>},
    {"aten::zero(Tensor self) -> Tensor", unaryOp<zeroFunctional>},
    {"aten::zero.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", unaryOutOp<zeroOut>},

    {"aten::arange(Scalar end, *, " EMBER_FACTORY_KWARGS ") -> Tensor", arangeOp<1>},
    {"aten::arange.start(Scalar start, Scalar end, *, " EMBER_FACTORY_KWARGS ") -> Tensor", arangeOp<2>},
    {"aten::arange.start_step(Scalar start, Scalar end, Scalar step=1, *, " EMBER_FACTORY_KWARGS ") -> Tensor",
     arangeOp<3>},
    {"aten::arange.out(Scalar end, *, Tensor(a!) out) -> Tensor(a!)", arangeOut},
    {"aten::arange.start_out(Scalar start, Scalar end, Scalar step=1, *, Tensor(a!) out) -> Tensor(a!)",
     arangeStartOut},
    {"aten::linspace(Scalar start, Scalar end, int steps, *, " EMBER_FACTORY_KWARGS ") -> Tensor", linspaceOp},
    {"aten::linspace.out(Scalar start, Scalar end, int steps, *, Tensor(a!) out) -> Tensor(a!)", linspaceOut},
    {"aten::logspace(Scalar start, Scalar end, int steps, float base=10., *, " EMBER_FACTORY_KWARGS ") -> Tensor",
     logspaceOp},
    {"aten::logspace.out(Scalar start, Scalar end, int steps, float base=10., *, Tensor(a!) out) -> Tensor(a!)",
     logspaceOut},
    {"aten::eye(int n, *, " EMBER_FACTORY_KWARGS ") -> Tensor", eyeOp},
    {"aten::eye.m(int n, int m, *, " EMBER_FACTORY_KWARGS ") -> Tensor", eyeM},
    {"aten::eye.out(int n, *, Tensor(a!) out) -> Tensor(a!)", eyeOut},
    {"aten::eye.m_out(int n, int m, *, Tensor(a!) out) -> Tensor(a!)", eyeMOut},

    {"aten::tensor(t[] data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
     tensorOp},
    {"aten::tensor.float(float t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> "
     "Tensor",
     tensorOp},
    {"aten::tensor.int(int t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
     tensorOp},
    {"aten::tensor.bool(bool t, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
     tensorOp},
    {"aten::as_tensor(Tensor(a) data, *, ScalarType? dtype=None, Device? device=None) -> Tensor(b|a)", asTensorOp},
    {"aten::as_tensor.list(t[] data, *, ScalarType? dtype=None, Device? device=None) -> Tensor", asTensorOp},
    {"aten::as_tensor.float(float t, *, ScalarType? dtype=None, Device? device=None) -> Tensor", asTensorOp},
    {"aten::as_tensor.int(int t, *, ScalarType? dtype=None, Device? device=None) -> Tensor", asTensorOp},
    {"aten::as_tensor.bool(bool t, *, ScalarType? dtype=None, Device? device=None) -> Tensor", asTensorOp},
});

#undef EMBER_FACTORY_KWARGS

}  // namespace
}  // namespace ember::jit::aten
