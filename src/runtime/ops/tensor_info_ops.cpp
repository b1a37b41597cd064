// Questions programs ask about tensors (sizes, dtype, device, layout, is_* flags) and the
// conversions between tensors and Python numbers (int(t), float(t), implicit scalars,
// prim::NumToTensor).
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/factory.h"
#include "runtime/ops/op_helpers.h"
#include "runtime/ops/python_number.h"

namespace ember::jit {
namespace {

// PyTorch's is_contiguous(memory_format): channels-last (2) asks a 4-D tensor for dense strides
// in the order C, W, H, N, channels-last-3d (3) a 5-D one for C, W, H, D, N; dims of size 1
// have any stride. Other formats ask for the default layout.
bool isContiguousIn(const Tensor& t, int64_t format) {
  static const int64_t kOrder2d[] = {1, 3, 2, 0};
  static const int64_t kOrder3d[] = {1, 4, 3, 2, 0};
  if (format != 2 && format != 3) return t.is_contiguous();
  const int64_t nd = format == 2 ? 4 : 5;
  if (t.dim() != nd) return false;
  int64_t expected = 1;
  for (int64_t i = 0; i < nd; ++i) {
    const int64_t d = format == 2 ? kOrder2d[i] : kOrder3d[i];
    if (t.size(d) == 1) continue;
    if (t.stride(d) != expected) return false;
    expected *= t.size(d);
  }
  return true;
}

Tensor popTensor(Stack& stack) {
  Tensor t = pop(stack).toTensor();
  EMBER_CHECK(t.defined(), "Expected a defined Tensor but got an undefined one");
  return t;
}

// A 0-dim tensor holding the number: int -> int64, float -> float64, bool -> int64 (as
// PyTorch's Scalar overload does) or bool (the .bool overload).
void numToTensor(Stack& stack) {
  IValue& v = stack.back();
  Scalar s = v.isBool() ? Scalar(static_cast<int64_t>(v.toBool())) : v.toScalar();
  v = IValue(scalar_tensor(s, TensorOptions(s.type())));
}

void boolToTensor(Stack& stack) {
  IValue& v = stack.back();
  v = IValue(scalar_tensor(Scalar(v.toBool()), TensorOptions(ScalarType::Bool)));
}

void tensorToInt(Stack& stack) {
  Scalar s = popTensor(stack).item();
  push(stack, s.isFloatingPoint() ? py::truncToInt(s.toDouble()) : s.toLong());
}

void tensorToFloat(Stack& stack) { push(stack, popTensor(stack).item().toDouble()); }
// bool(t) and `if t:` are Tensor.is_nonzero(), whose errors name the ambiguity.
bool isNonzero(const Tensor& t) {
  EMBER_CHECK(t.numel() != 0, "Boolean value of Tensor with no values is ambiguous");
  EMBER_CHECK(t.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
  return t.item().toBool();
}

void tensorToBool(Stack& stack) { push(stack, isNonzero(popTensor(stack))); }

void scalarImplicit(Stack& stack) {
  Tensor t = popTensor(stack);
  EMBER_CHECK(t.dim() == 0, "Cannot input a tensor of dimension other than 0 as a scalar argument");
  push(stack, IValue(t.item()));
}

void sizes(Stack& stack) {
  Tensor t = popTensor(stack);
  push(stack, makeIntList(t.sizes()));
}

void sizeAt(Stack& stack) {
  int64_t d = pop(stack).toInt();
  push(stack, popTensor(stack).size(d));
}

void strides(Stack& stack) {
  Tensor t = popTensor(stack);
  push(stack, makeIntList(t.strides()));
}

void strideAt(Stack& stack) {
  int64_t d = pop(stack).toInt();
  push(stack, popTensor(stack).stride(d));
}

void numelOf(Stack& stack) { push(stack, popTensor(stack).numel()); }

void storageOffsetOf(Stack& stack) { push(stack, popTensor(stack).storage_offset()); }

void tensorLen(Stack& stack) {
  Tensor t = popTensor(stack);
  EMBER_CHECK(t.dim() > 0, "len() of a 0-d tensor");
  push(stack, t.sizes()[0]);
}

template <bool Value>
void constantFlag(Stack& stack) {
  drop(stack, 1);
  push(stack, Value);
}

void parseDevice(Stack& stack) { stack.back() = IValue(Device::parse(stack.back().toStringRef())); }

void deviceIndex(Stack& stack) {
  Device d = stack.back().toDevice();
  stack.back() = d.index < 0 ? IValue() : IValue(static_cast<int64_t>(d.index));
}

void deviceType(Stack& stack) { stack.back() = IValue(std::string(deviceTypeName(stack.back().toDevice().type))); }

using Ops = std::vector<Operator>;

Ops tensorInfoOps() {
  Ops ops;
  ops.emplace_back("prim::NumToTensor.Scalar(Scalar a) -> Tensor", numToTensor);
  ops.emplace_back("prim::NumToTensor.bool(bool a) -> Tensor", boolToTensor);
  ops.emplace_back("aten::Int.Tensor(Tensor a) -> int", tensorToInt);
  ops.emplace_back("aten::Float.Tensor(Tensor a) -> float", tensorToFloat);
  ops.emplace_back("aten::Bool.Tensor(Tensor a) -> bool", tensorToBool);
  ops.emplace_back("aten::ScalarImplicit(Tensor a) -> Scalar", scalarImplicit);
  ops.emplace_back("aten::size(Tensor self) -> int[]", sizes);
  ops.emplace_back("aten::size.int(Tensor self, int dim) -> int", sizeAt);
  ops.emplace_back("aten::stride(Tensor self) -> int[]", strides);
  ops.emplace_back("aten::stride.int(Tensor self, int dim) -> int", strideAt);
  ops.emplace_back("aten::dim(Tensor self) -> int", [](Stack& s) { push(s, popTensor(s).dim()); });
  ops.emplace_back("aten::numel(Tensor self) -> int", numelOf);
  // The SymInt spellings (sym_size, ...): sizes are concrete ints here.
  ops.emplace_back("aten::sym_size(Tensor self) -> SymInt[]", sizes);
  ops.emplace_back("aten::sym_size.int(Tensor self, int dim) -> SymInt", sizeAt);
  ops.emplace_back("aten::sym_stride(Tensor self) -> SymInt[]", strides);
  ops.emplace_back("aten::sym_stride.int(Tensor self, int dim) -> SymInt", strideAt);
  ops.emplace_back("aten::sym_numel(Tensor self) -> SymInt", numelOf);
  ops.emplace_back("aten::sym_storage_offset(Tensor self) -> SymInt", storageOffsetOf);
  ops.emplace_back("aten::len.Tensor(Tensor t) -> int", tensorLen);
  ops.emplace_back("aten::is_nonzero(Tensor self) -> bool", tensorToBool);
  ops.emplace_back("aten::is_contiguous(Tensor self) -> bool", [](Stack& s) { push(s, popTensor(s).is_contiguous()); });
  ops.emplace_back("aten::is_contiguous.memory_format(Tensor self, MemoryFormat memory_format) -> bool",
                   [](Stack& s) {
                     int64_t format = pop(s).toInt();
                     Tensor t = popTensor(s);
                     push(s, isContiguousIn(t, format));
                   });
  ops.emplace_back("aten::is_non_overlapping_and_dense(Tensor self) -> bool",
                   [](Stack& s) { push(s, popTensor(s).is_non_overlapping_and_dense()); });
  ops.emplace_back("aten::is_floating_point(Tensor self) -> bool",
                   [](Stack& s) { push(s, popTensor(s).is_floating_point()); });
  ops.emplace_back("aten::is_complex(Tensor self) -> bool", [](Stack& s) { push(s, popTensor(s).is_complex()); });
  ops.emplace_back("aten::is_signed(Tensor self) -> bool", [](Stack& s) { push(s, popTensor(s).is_signed()); });
  ops.emplace_back("aten::storage_offset(Tensor self) -> int", storageOffsetOf);
  ops.emplace_back("aten::element_size(Tensor self) -> int",
                   [](Stack& s) { push(s, static_cast<int64_t>(popTensor(s).element_size())); });
  ops.emplace_back("aten::get_device(Tensor self) -> int", [](Stack& s) {
    Device d = popTensor(s).device();
    push(s, d.isCpu() ? int64_t{-1} : static_cast<int64_t>(d.index));
  });
  // Neither conjugated nor negated; is_leaf, retains_grad, _version and output_nr are
  // autograd_ops.cpp.
  for (const char* flag : {"is_neg", "is_conj", "is_inference", "_is_zerotensor", "is_distributed"})
    ops.emplace_back(std::string("aten::") + flag + "(Tensor self) -> bool", constantFlag<false>);
  ops.emplace_back("prim::device(Tensor a) -> Device", [](Stack& s) { push(s, popTensor(s).device()); });
  ops.emplace_back("prim::dtype(Tensor a) -> int", [](Stack& s) { push(s, static_cast<int64_t>(popTensor(s).dtype())); });
  // Every ember tensor is strided (torch.strided is layout 0).
  ops.emplace_back("prim::layout(Tensor a) -> Layout", [](Stack& s) {
    drop(s, 1);
    push(s, int64_t{0});
  });
  ops.emplace_back("prim::is_cuda(Tensor a) -> bool", [](Stack& s) { push(s, popTensor(s).is_cuda()); });
  ops.emplace_back("prim::is_cpu(Tensor a) -> bool", [](Stack& s) { push(s, popTensor(s).is_cpu()); });
  ops.emplace_back("prim::requires_grad(Tensor a) -> bool", [](Stack& s) { push(s, popTensor(s).requires_grad()); });
  for (const char* flag : {"is_sparse", "is_sparse_csr", "is_mkldnn", "is_quantized", "is_meta", "is_xpu", "is_vulkan",
                           "is_mps", "is_ipu", "is_ort"}) {
    ops.emplace_back(std::string("prim::") + flag + "(Tensor a) -> bool", constantFlag<false>);
  }
  // Nested tensors are tensors carrying sequence lengths (ember/tensor/ops/transformer.h).
  ops.emplace_back("prim::is_nested(Tensor a) -> bool", [](Stack& s) { push(s, popTensor(s).is_nested()); });
  ops.emplace_back("prim::name(Tensor a) -> str?", [](Stack& s) {
    drop(s, 1);
    push(s, IValue());
  });
  ops.emplace_back("aten::device(str a) -> Device", parseDevice);
  ops.emplace_back("prim::index(Device self) -> int?", deviceIndex);
  ops.emplace_back("prim::type(Device self) -> str", deviceType);
  return ops;
}

RegisterOperators reg(tensorInfoOps());

}  // namespace
}  // namespace ember::jit
