// aten::IntImplicit and aten::FloatImplicit: the conversions TorchScript's compiler inserts where a
// 0-dim tensor is passed for an int or float argument (archives PyTorch saved call them, e.g.
// torchvision's detection heads). PyTorch's checks: no autograd history, 0-dim, and an integral
// dtype for IntImplicit.
#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"

namespace ember::jit {
namespace {

Tensor popImplicitNumber(Stack& stack, bool toInt) {
  Tensor t = pop(stack).toTensor();
  EMBER_CHECK(t.defined(), "Expected a defined Tensor but got an undefined one");
  EMBER_CHECK(!t.requires_grad(), "Cannot input a tensor that requires grad as a scalar argument");
  EMBER_CHECK(t.dim() == 0, "Cannot input a tensor of dimension other than 0 as a scalar argument");
  EMBER_CHECK(!toInt || (!isFloatingType(t.dtype()) && !t.is_complex() && t.dtype() != ScalarType::Bool),
              "Cannot input a tensor of type ", t.dtype(), " as an integral argument");
  return t;
}

void intImplicit(Stack& stack) { push(stack, popImplicitNumber(stack, true).item().toLong()); }

void floatImplicit(Stack& stack) { push(stack, popImplicitNumber(stack, false).item().toDouble()); }

RegisterOperators reg({
    {"aten::IntImplicit(Tensor a) -> int", intImplicit},
    {"aten::FloatImplicit(Tensor a) -> float", floatImplicit},
});

}  // namespace
}  // namespace ember::jit
