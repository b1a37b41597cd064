// aten:: padding operators with PyTorch 1.13's schemas: constant_pad_nd, reflection and
// replication padding (with out= forms), _pad_circular, _pad_enum and aten::pad (what scripted
// F.pad calls).
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/pad.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

using PadFn = Tensor (*)(const Tensor&, IntArrayRef);

template <PadFn F, bool kOut>
void padOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 2;
  IValue* a = args(s, n);
  Tensor r = F(tensorArg(a[0]), intListArg(a[1]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[2]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

template <bool kOut>
void constantPadOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 3;
  IValue* a = args(s, n);
  Tensor r = constant_pad_nd(tensorArg(a[0]), intListArg(a[1]), scalarArg(a[2]));
  if constexpr (kOut) {
    Tensor out = tensorArg(a[3]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

void padModeOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = pad(tensorArg(a[0]), intListArg(a[1]), stringArg(a[2]), optDoubleArg(a[3]));
  ret(s, 4, std::move(r));
}

void padEnumOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor r = _pad_enum(tensorArg(a[0]), intListArg(a[1]), intArg(a[2]), optDoubleArg(a[3]));
  ret(s, 4, std::move(r));
}

#define EMBER_PAD(name, n)                                                                                     \
  {"aten::" #name "(Tensor self, int[" #n "] padding) -> Tensor", padOp<name, false>},                         \
  {                                                                                                            \
    "aten::" #name ".out(Tensor self, int[" #n "] padding, *, Tensor(a!) out) -> Tensor(a!)", padOp<name, true> \
  }

RegisterOperators reg({
    {"aten::constant_pad_nd(Tensor self, int[] pad, Scalar value=0) -> Tensor", constantPadOp<false>},
    {"aten::constant_pad_nd.out(Tensor self, int[] pad, Scalar value=0, *, Tensor(a!) out) -> Tensor(a!)",
     constantPadOp<true>},
    EMBER_PAD(reflection_pad1d, 2),
    EMBER_PAD(reflection_pad2d, 4),
    EMBER_PAD(reflection_pad3d, 6),
    EMBER_PAD(replication_pad1d, 2),
    EMBER_PAD(replication_pad2d, 4),
    EMBER_PAD(replication_pad3d, 6),
    {"aten::_pad_circular(Tensor self, int[] pad) -> Tensor", padOp<_pad_circular, false>},
    {"aten::_pad_enum(Tensor self, int[] pad, int mode, float? value=None) -> Tensor", padEnumOp},
    {"aten::pad(Tensor self, int[] pad, str mode=\"constant\", float? value=None) -> Tensor", padModeOp},
});

#undef EMBER_PAD

}  // namespace
}  // namespace ember::jit::aten
