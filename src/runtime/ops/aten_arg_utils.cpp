#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {

void retTensorList(Stack& s, size_t n, const std::vector<Tensor>& tensors) {
  IValue list = makeTensorList(ArrayRef<Tensor>(tensors.data(), tensors.size()));
  ret(s, n, std::move(list));
}

void ret2Out(Stack& s, size_t n, Tensor out0, Tensor out1, std::tuple<Tensor, Tensor> results) {
  writeOut(out0, std::get<0>(results));
  writeOut(out1, std::get<1>(results));
  drop(s, n);
  s.emplace_back(std::move(out0));
  s.emplace_back(std::move(out1));
}

void throwArgType(const IValue& v, const char* expected) {
  EMBER_ERROR("Expected a value of type '", expected, "' but instead found '", v.tagKind(), "'");
}

void throwUndefinedTensor() {
  EMBER_ERROR("Expected a proper Tensor but got None (or an undefined Tensor) for argument of type 'Tensor'");
}

Tensor wrappedScalarTensor(const Scalar& s) {
  Tensor t = scalar_tensor(s, TensorOptions(s.type()));
  t.impl()->setWrappedNumber(true);
  return t;
}

std::optional<std::vector<double>> optDoubleListArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  if (!v.isList()) throwArgType(v, "List[float]");
  std::vector<double> out;
  for (const auto& e : v.toListRef().elements) out.push_back(doubleArg(e));
  return out;
}

DimVector intListArg(const IValue& v) {
  DimVector out;
  if (v.isInt()) {  // int[N] accepts a single int, repeated N times by the compiler's caller
    out.push_back(v.toInt());
    return out;
  }
  if (!v.isList()) throwArgType(v, "List[int]");
  const auto& elems = v.toListRef().elements;
  out.reserve(elems.size());
  for (const auto& e : elems) out.push_back(intArg(e));
  return out;
}

std::vector<bool> boolListArg(const IValue& v) {
  if (!v.isList()) throwArgType(v, "List[bool]");
  std::vector<bool> out;
  for (const auto& e : v.toListRef().elements) out.push_back(boolArg(e));
  return out;
}

std::vector<Tensor> tensorListArg(const IValue& v) {
  if (!v.isList()) throwArgType(v, "List[Tensor]");
  const auto& elems = v.toListRef().elements;
  std::vector<Tensor> out;
  out.reserve(elems.size());
  for (const auto& e : elems) {
    if (!e.isTensor()) throwArgType(e, "Tensor");
    out.push_back(e.toTensor());
    if (!out.back().defined()) throwUndefinedTensor();
  }
  return out;
}

std::vector<std::optional<Tensor>> optTensorListArg(const IValue& v) {
  if (!v.isList()) throwArgType(v, "List[Optional[Tensor]]");
  const auto& elems = v.toListRef().elements;
  std::vector<std::optional<Tensor>> out;
  out.reserve(elems.size());
  for (const auto& e : elems) {
    if (isNoneTensor(e)) {
      out.emplace_back(std::nullopt);
    } else {
      if (!e.isTensor()) throwArgType(e, "Optional[Tensor]");
      out.emplace_back(e.toTensor());
    }
  }
  return out;
}

ScalarType scalarTypeArg(const IValue& v) {
  if (!v.isInt()) throwArgType(v, "ScalarType");
  int64_t code = v.toInt();
  EMBER_CHECK(code >= 0 && code < kNumScalarTypes, "invalid dtype code ", code);
  auto t = static_cast<ScalarType>(code);
  EMBER_CHECK(isSupportedScalarType(t), "dtype ", scalarTypeTorchName(t), " is not supported by ember");
  return t;
}

std::optional<MemoryFormat> optMemoryFormatArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  if (!v.isInt()) throwArgType(v, "MemoryFormat");
  int64_t code = v.toInt();
  EMBER_CHECK(code >= 0 && code <= 3, "invalid memory_format code ", code);
  return static_cast<MemoryFormat>(code);
}

std::optional<Device> optDeviceArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  Device d;
  if (v.isDevice()) {
    d = v.toDevice();
  } else if (v.isString()) {
    d = Device::parse(v.toStringView());
  } else {
    throwArgType(v, "Device");
  }
  EMBER_CHECK(d.isCpu(), "ember computes on the CPU only: device '", d.str(),
              "' is not available (Torch not compiled with CUDA enabled)");
  return d;
}

void checkLayoutArg(const IValue& layout) {
  if (layout.isNone()) return;
  // torch.strided is 0; sparse and mkldnn layouts have no ember kernels.
  EMBER_CHECK(intArg(layout) == 0, "ember supports only the strided layout (torch.strided), got layout code ",
              intArg(layout));
}

void checkPinMemoryArg(const IValue& pinMemory) {
  EMBER_CHECK(!optBoolArg(pinMemory).value_or(false), "pin_memory=True needs CUDA, which ember does not have");
}

TensorOptions factoryOptions(const IValue* a) {
  TensorOptions options;
  options.dtype_ = optScalarTypeArg(a[0]);
  checkLayoutArg(a[1]);
  optDeviceArg(a[2]);
  checkPinMemoryArg(a[3]);
  return options;
}

Generator* generatorArg(const IValue& v) {
  EMBER_CHECK(v.isNone(), "explicit torch.Generator arguments are not supported; use torch.manual_seed");
  return nullptr;
}

void resizeOut(const Tensor& out, IntArrayRef sizes) {
  EMBER_CHECK(out.defined(), "out= tensor is undefined");
  if (out.sizes() == sizes) return;
  DimVector strides = contiguousStrides(sizes);
  size_t need = static_cast<size_t>(computeNumel(sizes) + out.storage_offset()) * out.element_size();
  if (need > out.storage().nbytes()) out.storage().impl()->resize(need);
  out.impl()->setSizesAndStrides(sizes, strides);
}

Tensor& writeOut(Tensor& out, const Tensor& result, bool exactDtype) {
  EMBER_CHECK(out.defined(), "out= tensor is undefined");
  if (exactDtype) {
    EMBER_CHECK(out.dtype() == result.dtype(), "Expected out tensor to have dtype ",
                scalarTypeTorchName(result.dtype()), ", but got ", scalarTypeTorchName(out.dtype()), " instead");
  } else {
    EMBER_CHECK(canCast(result.dtype(), out.dtype()), "result type ", scalarTypeName(result.dtype()),
                " can't be cast to the desired output type ", scalarTypeName(out.dtype()));
  }
  resizeOut(out, result.sizes());
  copy_(out, result);
  return out;
}

}  // namespace ember::jit::aten
