// aten:: loss operators with PyTorch 1.13's schemas: the elementwise losses (mse, l1, smooth_l1,
// huber, binary cross entropy with and without logits), nll_loss / nll_loss2d / nll_loss_nd and
// their *_forward kernels, and cross_entropy_loss, with the out= forms the schemas have.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/loss.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

using SimpleLoss = Tensor (*)(const Tensor&, const Tensor&, int64_t);
using ParamLoss = Tensor (*)(const Tensor&, const Tensor&, int64_t, double);
using NllLoss = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, int64_t, int64_t);
using NllForward = std::tuple<Tensor, Tensor> (*)(const Tensor&, const Tensor&, const Tensor&, int64_t, int64_t);

// (self, target, reduction)
template <SimpleLoss F, bool kOut>
void simpleLoss(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  finishOut<3, kOut>(s, F(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2])));
}
// (self, target, reduction, beta/delta)
template <ParamLoss F, bool kOut>
void paramLoss(Stack& s) {
  IValue* a = args(s, kOut ? 5 : 4);
  finishOut<4, kOut>(s, F(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]), doubleArg(a[3])));
}
// (self, target, weight?, reduction). binary_cross_entropy.out is not bound: PyTorch 1.13's CPU
// version leaves `out` unwritten, so no archive can rely on it.
void bceOp(Stack& s) {
  IValue* a = args(s, 4);
  ret(s, 4, binary_cross_entropy(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intArg(a[3])));
}
// (self, target, weight?, pos_weight?, reduction)
template <bool kOut>
void bceLogitsOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finishOut<5, kOut>(s, binary_cross_entropy_with_logits(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]),
                                                      optTensorUndefArg(a[3]), intArg(a[4])));
}
// (self, target, weight?, reduction, ignore_index)
template <NllLoss F, bool kOut>
void nllOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finishOut<5, kOut>(s, F(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intArg(a[3]), intArg(a[4])));
}
template <NllForward F, bool kOut>
void nllForwardOp(Stack& s) {
  constexpr size_t n = kOut ? 7 : 5;
  IValue* a = args(s, n);
  auto r = F(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intArg(a[3]), intArg(a[4]));
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[5]), tensorArg(a[6]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}
void crossEntropyOp(Stack& s) {
  IValue* a = args(s, 6);
  Tensor r = cross_entropy_loss(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intArg(a[3]),
                                intArg(a[4]), doubleArg(a[5]));
  ret(s, 6, std::move(r));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_NLL_ARGS "(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100"
#define EMBER_NLLF_ARGS "(Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index"

RegisterOperators reg({
    {"aten::mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor", simpleLoss<mse_loss, false>},
    {"aten::mse_loss.out(Tensor self, Tensor target, int reduction=1" EMBER_OUT, simpleLoss<mse_loss, true>},
    {"aten::l1_loss(Tensor self, Tensor target, int reduction=1) -> Tensor", simpleLoss<l1_loss, false>},
    {"aten::smooth_l1_loss(Tensor self, Tensor target, int reduction=1, float beta=1.) -> Tensor",
     paramLoss<smooth_l1_loss, false>},
    {"aten::smooth_l1_loss.out(Tensor self, Tensor target, int reduction=1, float beta=1." EMBER_OUT,
     paramLoss<smooth_l1_loss, true>},
    {"aten::huber_loss(Tensor self, Tensor target, int reduction=1, float delta=1.) -> Tensor",
     paramLoss<huber_loss, false>},
    {"aten::huber_loss.out(Tensor self, Tensor target, int reduction=1, float delta=1." EMBER_OUT,
     paramLoss<huber_loss, true>},
    {"aten::binary_cross_entropy(Tensor self, Tensor target, Tensor? weight=None, int reduction=1) -> Tensor",
     bceOp},
    {"aten::binary_cross_entropy_with_logits(Tensor self, Tensor target, Tensor? weight=None, Tensor? "
     "pos_weight=None, int reduction=1) -> Tensor",
     bceLogitsOp<false>},
    {"aten::binary_cross_entropy_with_logits.out(Tensor self, Tensor target, Tensor? weight=None, Tensor? "
     "pos_weight=None, int reduction=1" EMBER_OUT,
     bceLogitsOp<true>},
    {"aten::nll_loss" EMBER_NLL_ARGS ") -> Tensor", nllOp<nll_loss, false>},
    {"aten::nll_loss.out" EMBER_NLL_ARGS EMBER_OUT, nllOp<nll_loss, true>},
    {"aten::nll_loss2d" EMBER_NLL_ARGS ") -> Tensor", nllOp<nll_loss2d, false>},
    {"aten::nll_loss2d.out" EMBER_NLL_ARGS EMBER_OUT, nllOp<nll_loss2d, true>},
    {"aten::nll_loss_nd" EMBER_NLL_ARGS ") -> Tensor", nllOp<nll_loss_nd, false>},
    {"aten::nll_loss_forward" EMBER_NLLF_ARGS ") -> (Tensor output, Tensor total_weight)",
     nllForwardOp<nll_loss_forward, false>},
    {"aten::nll_loss_forward.output" EMBER_NLLF_ARGS ", *, Tensor(a!) output, Tensor(b!) total_weight) -> "
                                                     "(Tensor(a!), Tensor(b!))",
     nllForwardOp<nll_loss_forward, true>},
    {"aten::nll_loss2d_forward" EMBER_NLLF_ARGS ") -> (Tensor output, Tensor total_weight)",
     nllForwardOp<nll_loss2d_forward, false>},
    {"aten::nll_loss2d_forward.output" EMBER_NLLF_ARGS ", *, Tensor(a!) output, Tensor(b!) total_weight) -> "
                                                       "(Tensor(a!), Tensor(b!))",
     nllForwardOp<nll_loss2d_forward, true>},
    {"aten::cross_entropy_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int "
     "ignore_index=-100, float label_smoothing=0.) -> Tensor",
     crossEntropyOp},
});

#undef EMBER_OUT
#undef EMBER_NLL_ARGS
#undef EMBER_NLLF_ARGS

}  // namespace
}  // namespace ember::jit::aten
