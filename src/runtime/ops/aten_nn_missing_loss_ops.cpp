// aten:: loss operators that TorchScript archives saved by PyTorch call directly (the inlined
// bodies of F.kl_div, F.margin_ranking_loss, F.ctc_loss, ...) and binary_cross_entropy.out, with
// PyTorch 1.13's schemas.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/loss.h"
#include "ember/tensor/ops/loss_extra.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// PyTorch 1.13's CPU kernel writes a reduced result correctly only into an out of the input's
// shape; ember writes the same value whatever out's shape.
void bceOutOp(Stack& s) {
  IValue* a = args(s, 5);
  finishOut<4, true>(s, binary_cross_entropy(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intArg(a[3])));
}
void klDivOp(Stack& s) {
  IValue* a = args(s, 4);
  finishOut<4, false>(s, kl_div(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]), boolArg(a[3])));
}
// (input1, input2, target, margin, reduction)
using PairMarginFn = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, double, int64_t);
template <PairMarginFn F>
void pairMarginOp(Stack& s) {
  IValue* a = args(s, 5);
  finishOut<5, false>(s, F(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), doubleArg(a[3]), intArg(a[4])));
}
void hingeOp(Stack& s) {
  IValue* a = args(s, 4);
  finishOut<4, false>(s, hinge_embedding_loss(tensorArg(a[0]), tensorArg(a[1]), doubleArg(a[2]), intArg(a[3])));
}
void tripletOp(Stack& s) {
  IValue* a = args(s, 8);
  finishOut<8, false>(s, triplet_margin_loss(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), doubleArg(a[3]),
                                          doubleArg(a[4]), doubleArg(a[5]), boolArg(a[6]), intArg(a[7])));
}
void poissonOp(Stack& s) {
  IValue* a = args(s, 6);
  finishOut<6, false>(s, poisson_nll_loss(tensorArg(a[0]), tensorArg(a[1]), boolArg(a[2]), boolArg(a[3]), doubleArg(a[4]),
                                       intArg(a[5])));
}
template <bool kOut>
void softMarginOp(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  finishOut<3, kOut>(s, soft_margin_loss(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2])));
}
template <bool kOut>
void multiMarginOp(Stack& s) {
  IValue* a = args(s, kOut ? 7 : 6);
  finishOut<6, kOut>(s, multi_margin_loss(tensorArg(a[0]), tensorArg(a[1]), scalarArg(a[2]), scalarArg(a[3]),
                                       optTensorUndefArg(a[4]), intArg(a[5])));
}
template <bool kOut>
void multilabelOp(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  finishOut<3, kOut>(s, std::get<0>(multilabel_margin_loss_forward(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]))));
}
template <bool kOut>
void multilabelForwardOp(Stack& s) {
  constexpr size_t n = kOut ? 5 : 3;
  IValue* a = args(s, n);
  auto r = multilabel_margin_loss_forward(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]));
  if constexpr (kOut)
    ret2Out(s, n, tensorArg(a[3]), tensorArg(a[4]), std::move(r));
  else
    ret2(s, n, std::move(r));
}

// ---- CTC: lengths as int[] or as integral tensors ----
DimVector lengthsArg(IValue& v, const char* name) {
  if (!v.isTensor()) return intListArg(v);
  const Tensor t = tensorArg(v);
  EMBER_CHECK(isIntegralType(t.dtype(), false), name, " must be integral");
  const Tensor l = t.to(ScalarType::Long).contiguous().reshape({-1});
  const int64_t* p = l.data_ptr<int64_t>();
  return DimVector(p, p + l.numel());
}
void ctcOp(Stack& s) {
  IValue* a = args(s, 7);
  finishOut<7, false>(s, ctc_loss(tensorArg(a[0]), tensorArg(a[1]), lengthsArg(a[2], "input_lengths"),
                               lengthsArg(a[3], "target_lengths"), intArg(a[4]), intArg(a[5]), boolArg(a[6])));
}
template <bool kOut>
void ctcRawOp(Stack& s) {
  constexpr size_t n = kOut ? 8 : 6;
  IValue* a = args(s, n);
  auto r = _ctc_loss(tensorArg(a[0]), tensorArg(a[1]), lengthsArg(a[2], "input_lengths"),
                     lengthsArg(a[3], "target_lengths"), intArg(a[4]), boolArg(a[5]));
  if constexpr (kOut)
    ret2Out(s, n, tensorArg(a[6]), tensorArg(a[7]), std::move(r));
  else
    ret2(s, n, std::move(r));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_MULTI_MARGIN \
  "(Tensor self, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, int reduction=1"
#define EMBER_CTC_INT "(Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, int blank=0"
#define EMBER_CTC_TENSOR "(Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths, int blank=0"

RegisterOperators reg({
    {"aten::binary_cross_entropy.out(Tensor self, Tensor target, Tensor? weight=None, int reduction=1" EMBER_OUT,
     bceOutOp},
    {"aten::kl_div(Tensor self, Tensor target, int reduction=1, *, bool log_target=False) -> Tensor", klDivOp},
    {"aten::margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> "
     "Tensor",
     pairMarginOp<margin_ranking_loss>},
    {"aten::cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> "
     "Tensor",
     pairMarginOp<cosine_embedding_loss>},
    {"aten::hinge_embedding_loss(Tensor self, Tensor target, float margin=1., int reduction=1) -> Tensor", hingeOp},
    {"aten::triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, float margin=1., float p=2., float "
     "eps=9.9999999999999995e-07, bool swap=False, int reduction=1) -> Tensor",
     tripletOp},
    {"aten::poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool full, float eps, int reduction) -> "
     "Tensor",
     poissonOp},
    {"aten::soft_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor", softMarginOp<false>},
    {"aten::soft_margin_loss.out(Tensor self, Tensor target, int reduction=1" EMBER_OUT, softMarginOp<true>},
    {"aten::multi_margin_loss" EMBER_MULTI_MARGIN ") -> Tensor", multiMarginOp<false>},
    {"aten::multi_margin_loss.out" EMBER_MULTI_MARGIN EMBER_OUT, multiMarginOp<true>},
    {"aten::multilabel_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor", multilabelOp<false>},
    {"aten::multilabel_margin_loss.out(Tensor self, Tensor target, int reduction=1" EMBER_OUT, multilabelOp<true>},
    {"aten::multilabel_margin_loss_forward(Tensor self, Tensor target, int reduction) -> (Tensor output, Tensor "
     "is_target)",
     multilabelForwardOp<false>},
    {"aten::multilabel_margin_loss_forward.output(Tensor self, Tensor target, int reduction, *, Tensor(a!) output, "
     "Tensor(b!) is_target) -> (Tensor(a!), Tensor(b!))",
     multilabelForwardOp<true>},
    {"aten::ctc_loss.IntList" EMBER_CTC_INT ", int reduction=1, bool zero_infinity=False) -> Tensor", ctcOp},
    {"aten::ctc_loss.Tensor" EMBER_CTC_TENSOR ", int reduction=1, bool zero_infinity=False) -> Tensor", ctcOp},
    {"aten::_ctc_loss" EMBER_CTC_INT ", bool zero_infinity=False) -> (Tensor, Tensor)", ctcRawOp<false>},
    {"aten::_ctc_loss.Tensor" EMBER_CTC_TENSOR ", bool zero_infinity=False) -> (Tensor, Tensor)", ctcRawOp<false>},
    {"aten::_ctc_loss.out" EMBER_CTC_INT ", bool zero_infinity=False, *, Tensor(a!) out0, Tensor(b!) out1) -> "
     "(Tensor(a!), Tensor(b!))",
     ctcRawOp<true>},
});

}  // namespace
}  // namespace ember::jit::aten
