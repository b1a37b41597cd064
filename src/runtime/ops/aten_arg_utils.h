// Reading aten:: operator arguments from the interpreter stack and pushing results.
//
// An aten operator finds its arguments as the top n values of the stack, in schema order (the
// interpreter pushes defaults too). The helpers here convert one IValue each, moving tensors
// out of the stack so that a call touches no reference counts for its inputs, and building
// int lists into inline DimVectors so that small shapes allocate nothing.
//
// Usage, for `aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`:
//   IValue* a = args(s, 3);
//   Tensor r = ember::add(tensorArg(a[0]), tensorArg(a[1]), scalarArg(a[2]));
//   ret(s, 3, std::move(r));
#pragma once

#include <optional>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/core/stack.h"
#include "ember/tensor.h"

namespace ember::jit::aten {

// The first of the top n values (a[0] .. a[n-1] are the arguments in schema order).
inline IValue* args(Stack& s, size_t n) { return s.data() + (s.size() - n); }

// Pops the n arguments (a plain loop: cheaper than vector::resize for the few values an op has).
inline void dropArgs(Stack& s, size_t n) {
  for (size_t i = 0; i < n; ++i) s.pop_back();
}
// Replaces the n arguments by one result (no reallocation for n >= 1: the slots are reused).
template <typename T>
inline void ret(Stack& s, size_t n, T&& result) {
  dropArgs(s, n);
  s.emplace_back(std::forward<T>(result));
}
// Replaces the n arguments by two results (ops returning (values, indices)).
inline void ret2(Stack& s, size_t n, std::tuple<Tensor, Tensor> results) {
  dropArgs(s, n);
  s.emplace_back(std::move(std::get<0>(results)));
  s.emplace_back(std::move(std::get<1>(results)));
}
// For two-output out= variants (values, indices): writes results into the two out tensors and
// replaces the n arguments by them.
void ret2Out(Stack& s, size_t n, Tensor out0, Tensor out1, std::tuple<Tensor, Tensor> results);
// Replaces the n arguments by a Tensor[] list.
void retTensorList(Stack& s, size_t n, const std::vector<Tensor>& tensors);

[[noreturn]] void throwArgType(const IValue& v, const char* expected);

// A 0-dim tensor holding a Python number, marked as a wrapped number so that it promotes like
// a Scalar (`int8_tensor + 1000` stays int8), as PyTorch's scalar_to_tensor + wrapped flag.
Tensor wrappedScalarTensor(const Scalar& s);

[[noreturn]] void throwUndefinedTensor();

// Tensor argument, moved out of the stack. A number in a Tensor position (a constant the
// compiler did not wrap) becomes a wrapped-number tensor. An undefined tensor (what an
// optional tensor holds for None) is an error here: kernels need a tensor.
inline Tensor tensorArg(IValue& v) {
  if (EMBER_LIKELY(v.isTensor())) {
    Tensor t = std::move(v).toTensor();
    if (EMBER_UNLIKELY(!t.defined())) throwUndefinedTensor();
    return t;
  }
  if (v.isInt() || v.isDouble() || v.isBool() || v.isComplexDouble()) return wrappedScalarTensor(v.toScalar());
  throwArgType(v, "Tensor");
}
// `Tensor?`: None (or an undefined tensor) gives an empty optional / an undefined tensor.
inline bool isNoneTensor(const IValue& v) { return v.isNone() || (v.isTensor() && !v.unsafeToTensorImpl()); }
inline Tensor optTensorUndefArg(IValue& v) { return isNoneTensor(v) ? Tensor() : tensorArg(v); }
inline std::optional<Tensor> optTensorArg(IValue& v) {
  if (isNoneTensor(v)) return std::nullopt;
  return tensorArg(v);
}

inline Scalar scalarArg(const IValue& v) {
  if (v.isInt()) return Scalar(v.toInt());
  if (v.isDouble()) return Scalar(v.toDouble());
  if (v.isBool()) return Scalar(v.toBool());
  if (v.isComplexDouble()) return Scalar(v.toComplexDouble());
  throwArgType(v, "Scalar");
}
inline std::optional<Scalar> optScalarArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return scalarArg(v);
}

inline int64_t intArg(const IValue& v) {
  if (EMBER_LIKELY(v.isInt())) return v.toInt();
  if (v.isBool()) return v.toBool();
  throwArgType(v, "int");
}
inline std::optional<int64_t> optIntArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return intArg(v);
}
inline double doubleArg(const IValue& v) {
  if (EMBER_LIKELY(v.isDouble())) return v.toDouble();
  if (v.isInt()) return static_cast<double>(v.toInt());
  if (v.isBool()) return v.toBool() ? 1.0 : 0.0;
  throwArgType(v, "float");
}
inline std::optional<double> optDoubleArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return doubleArg(v);
}
inline bool boolArg(const IValue& v) {
  if (EMBER_LIKELY(v.isBool())) return v.toBool();
  if (v.isInt()) return v.toInt() != 0;
  throwArgType(v, "bool");
}
inline std::optional<bool> optBoolArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return boolArg(v);
}
inline std::string_view stringArg(const IValue& v) {
  if (EMBER_LIKELY(v.isString())) return v.toStringView();
  throwArgType(v, "str");
}
inline std::optional<std::string_view> optStringArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return stringArg(v);
}

// `int[]` (also `int[N]`, which accepts a single int). Inline storage for up to 5 values.
DimVector intListArg(const IValue& v);
inline std::optional<DimVector> optIntListArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return intListArg(v);
}
// `float[]?` (scale factors, histogram ranges): None stays empty.
std::optional<std::vector<double>> optDoubleListArg(const IValue& v);
// `int[1]? dim` of reductions: None reduces over every dim, which the tensor library spells as
// an empty list.
inline DimVector dimListArg(const IValue& v) { return v.isNone() ? DimVector() : intListArg(v); }
std::vector<bool> boolListArg(const IValue& v);
// `Tensor[]`: the list is shared with the program, so elements are copied (not moved).
std::vector<Tensor> tensorListArg(const IValue& v);
// `Tensor?[]`: None elements stay empty optionals.
std::vector<std::optional<Tensor>> optTensorListArg(const IValue& v);

// `ScalarType?` and `ScalarType` (dtypes are ints at run time).
ScalarType scalarTypeArg(const IValue& v);
inline std::optional<ScalarType> optScalarTypeArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return scalarTypeArg(v);
}
// `MemoryFormat?`: PyTorch's codes (contiguous 0, preserve 1, channels_last 2, 3d 3).
std::optional<MemoryFormat> optMemoryFormatArg(const IValue& v);
// `Device?` (a Device or a device string); only the CPU computes, so anything else is an error.
std::optional<Device> optDeviceArg(const IValue& v);
// Checks `Layout?` (strided only) and `bool? pin_memory` (only false/None without CUDA).
void checkLayoutArg(const IValue& layout);
void checkPinMemoryArg(const IValue& pinMemory);
// dtype/layout/device/pin_memory at a[0..3], as factory schemas list them.
TensorOptions factoryOptions(const IValue* a);
// `Generator?`: only None (the default generator) is supported; returns nullptr for it.
Generator* generatorArg(const IValue& v);

// For out= variants the tensor library has no `_out` function for: resizes out to result's
// shape (contiguous strides when the shape changes) and copies result into it, checking that
// result's dtype can be cast to out's ("result type Float can't be cast to the desired output
// type Long"); with exactDtype the dtypes must be equal.
Tensor& writeOut(Tensor& out, const Tensor& result, bool exactDtype = false);
void resizeOut(const Tensor& out, IntArrayRef sizes);

}  // namespace ember::jit::aten

// ---------------------------------------------------------------------------------------------
// Operations for the common signatures, instantiated once per bound function. Out variants
// return `out`, in-place variants return self, as the schemas' alias annotations say.
namespace ember::jit::aten {

using UnaryFn = Tensor (*)(const Tensor&);
using UnaryInplaceFn = Tensor& (*)(Tensor&);
using UnaryOutFn = Tensor& (*)(Tensor&, const Tensor&);
using BinaryFn = Tensor (*)(const Tensor&, const Tensor&);
using BinaryScalarFn = Tensor (*)(const Tensor&, const Scalar&);
using ScalarBinaryFn = Tensor (*)(const Scalar&, const Tensor&);
using BinaryInplaceFn = Tensor& (*)(Tensor&, const Tensor&);
using BinaryScalarInplaceFn = Tensor& (*)(Tensor&, const Scalar&);
using BinaryOutFn = Tensor& (*)(Tensor&, const Tensor&, const Tensor&);
using AlphaFn = Tensor (*)(const Tensor&, const Tensor&, const Scalar&);
using AlphaScalarFn = Tensor (*)(const Tensor&, const Scalar&, const Scalar&);
using AlphaInplaceFn = Tensor& (*)(Tensor&, const Tensor&, const Scalar&);
using AlphaScalarInplaceFn = Tensor& (*)(Tensor&, const Scalar&, const Scalar&);
using AlphaOutFn = Tensor& (*)(Tensor&, const Tensor&, const Tensor&, const Scalar&);

// (Tensor self) -> Tensor
template <UnaryFn F>
void unaryOp(Stack& s) {
  IValue* a = args(s, 1);
  Tensor r = F(tensorArg(a[0]));
  ret(s, 1, std::move(r));
}
// (Tensor(a!) self) -> Tensor(a!)
template <UnaryInplaceFn F>
void unaryInplaceOp(Stack& s) {
  Tensor self = tensorArg(*args(s, 1));
  F(self);
  ret(s, 1, std::move(self));
}
// (Tensor self, *, Tensor(a!) out) -> Tensor(a!)
template <UnaryOutFn F>
void unaryOutOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor out = tensorArg(a[1]);
  F(out, tensorArg(a[0]));
  ret(s, 2, std::move(out));
}
// (Tensor self, Tensor other) -> Tensor
template <BinaryFn F>
void binaryOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = F(tensorArg(a[0]), tensorArg(a[1]));
  ret(s, 2, std::move(r));
}
// (Tensor self, Scalar other) -> Tensor
template <BinaryScalarFn F>
void binaryScalarOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = F(tensorArg(a[0]), scalarArg(a[1]));
  ret(s, 2, std::move(r));
}
// (Scalar self, Tensor other) -> Tensor
template <ScalarBinaryFn F>
void scalarBinaryOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor r = F(scalarArg(a[0]), tensorArg(a[1]));
  ret(s, 2, std::move(r));
}
// (Tensor(a!) self, Tensor other) -> Tensor(a!)
template <BinaryInplaceFn F>
void binaryInplaceOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  F(self, tensorArg(a[1]));
  ret(s, 2, std::move(self));
}
// (Tensor(a!) self, Scalar other) -> Tensor(a!)
template <BinaryScalarInplaceFn F>
void binaryScalarInplaceOp(Stack& s) {
  IValue* a = args(s, 2);
  Tensor self = tensorArg(a[0]);
  F(self, scalarArg(a[1]));
  ret(s, 2, std::move(self));
}
// (Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!); a Scalar operand in either
// position is read as a wrapped number, which promotes exactly like the Scalar overloads.
template <BinaryOutFn F>
void binaryOutOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor out = tensorArg(a[2]);
  F(out, tensorArg(a[0]), tensorArg(a[1]));
  ret(s, 3, std::move(out));
}
// (Tensor self, Tensor other, *, Scalar alpha) -> Tensor
template <AlphaFn F>
void alphaOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = F(tensorArg(a[0]), tensorArg(a[1]), scalarArg(a[2]));
  ret(s, 3, std::move(r));
}
template <AlphaScalarFn F>
void alphaScalarOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor r = F(tensorArg(a[0]), scalarArg(a[1]), scalarArg(a[2]));
  ret(s, 3, std::move(r));
}
template <AlphaInplaceFn F>
void alphaInplaceOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  F(self, tensorArg(a[1]), scalarArg(a[2]));
  ret(s, 3, std::move(self));
}
template <AlphaScalarInplaceFn F>
void alphaScalarInplaceOp(Stack& s) {
  IValue* a = args(s, 3);
  Tensor self = tensorArg(a[0]);
  F(self, scalarArg(a[1]), scalarArg(a[2]));
  ret(s, 3, std::move(self));
}
template <AlphaOutFn F>
void alphaOutOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor out = tensorArg(a[3]);
  F(out, tensorArg(a[0]), tensorArg(a[1]), scalarArg(a[2]));
  ret(s, 4, std::move(out));
}

// Replaces the kArgs arguments (and the out tensor of an out= overload) by the result, written
// into out (resized, dtype-checked) for the out= form.
template <size_t kArgs, bool kOut>
void finishOut(Stack& s, Tensor r) {
  constexpr size_t n = kArgs + (kOut ? 1 : 0);
  if constexpr (kOut) {
    Tensor out = tensorArg(args(s, n)[kArgs]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

}  // namespace ember::jit::aten
