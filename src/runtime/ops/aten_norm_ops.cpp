// aten:: normalisation operators with PyTorch 1.13's schemas: batch_norm (and native_batch_norm,
// _batch_norm_impl_index, which traced archives hold), layer_norm / native_layer_norm,
// group_norm / native_group_norm and instance_norm. Running statistics passed to batch and
// instance norm in training are updated in place, so the caller's tensors see the update.
#include "ember/runtime/grad_mode.h"
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/norm.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

void pushTriple(Stack& s, size_t n, std::tuple<Tensor, Tensor, Tensor> r) {
  dropArgs(s, n);
  s.emplace_back(std::move(std::get<0>(r)));
  s.emplace_back(std::move(std::get<1>(r)));
  s.emplace_back(std::move(std::get<2>(r)));
}
// Writes three results into the out= tensors at a[first..first+2] and returns those.
void pushTripleOut(Stack& s, size_t n, size_t first, std::tuple<Tensor, Tensor, Tensor> r) {
  IValue* a = args(s, n);
  Tensor o0 = tensorArg(a[first]), o1 = tensorArg(a[first + 1]), o2 = tensorArg(a[first + 2]);
  writeOut(o0, std::get<0>(r));
  writeOut(o1, std::get<1>(r));
  writeOut(o2, std::get<2>(r));
  pushTriple(s, n, {std::move(o0), std::move(o1), std::move(o2)});
}

// (input, weight?, bias?, running_mean?, running_var?, training, momentum, eps[, cudnn_enabled])
struct BnArgs {
  Tensor input, weight, bias, mean, var;
  bool training;
  double momentum, eps;
};
BnArgs bnArgs(IValue* a) {
  return {tensorArg(a[0]),    optTensorUndefArg(a[1]), optTensorUndefArg(a[2]), optTensorUndefArg(a[3]),
          optTensorUndefArg(a[4]), boolArg(a[5]),      doubleArg(a[6]),         doubleArg(a[7])};
}

void batchNormOp(Stack& s) {
  BnArgs b = bnArgs(args(s, 9));
  // The input was moved off the stack: when that was the interpreter's last reference to it, the
  // evaluation-mode result may take its memory (no autograd history records this call).
  auto requiresGrad = [](const Tensor& t) { return t.defined() && t.requires_grad(); };
  const bool recordsNoHistory =
      !isGradEnabled() || !(requiresGrad(b.input) || requiresGrad(b.weight) || requiresGrad(b.bias));
  Tensor r = batch_norm_consuming(std::move(b.input), b.weight, b.bias, b.mean, b.var, b.training, b.momentum, b.eps,
                                  recordsNoHistory);
  ret(s, 9, std::move(r));
}
void instanceNormOp(Stack& s) {
  BnArgs b = bnArgs(args(s, 9));
  Tensor r = instance_norm(b.input, b.weight, b.bias, b.mean, b.var, b.training, b.momentum, b.eps);
  ret(s, 9, std::move(r));
}
// (native_batch_norm.out is not bound: PyTorch 1.13 has no CPU kernel for it.)
void nativeBatchNormOp(Stack& s) {
  BnArgs b = bnArgs(args(s, 8));
  pushTriple(s, 8, native_batch_norm(b.input, b.weight, b.bias, b.mean, b.var, b.training, b.momentum, b.eps));
}
void batchNormImplIndexOp(Stack& s) {
  BnArgs b = bnArgs(args(s, 9));
  auto [o, m, v, reserve, index] =
      _batch_norm_impl_index(b.input, b.weight, b.bias, b.mean, b.var, b.training, b.momentum, b.eps, false);
  pushTriple(s, 9, {std::move(o), std::move(m), std::move(v)});
  s.emplace_back(std::move(reserve));
  s.emplace_back(index);
}

// layer_norm(input, normalized_shape, weight?, bias?, eps, cudnn_enable)
void layerNormOp(Stack& s) {
  IValue* a = args(s, 6);
  Tensor r = layer_norm(tensorArg(a[0]), intListArg(a[1]), optTensorUndefArg(a[2]), optTensorUndefArg(a[3]),
                        doubleArg(a[4]));
  ret(s, 6, std::move(r));
}
template <bool kOut>
void nativeLayerNormOp(Stack& s) {
  constexpr size_t n = kOut ? 8 : 5;
  IValue* a = args(s, n);
  auto r = native_layer_norm(tensorArg(a[0]), intListArg(a[1]), optTensorUndefArg(a[2]), optTensorUndefArg(a[3]),
                             doubleArg(a[4]));
  if constexpr (kOut) pushTripleOut(s, n, 5, std::move(r));
  else pushTriple(s, n, std::move(r));
}

// group_norm(input, num_groups, weight?, bias?, eps, cudnn_enabled)
void groupNormOp(Stack& s) {
  IValue* a = args(s, 6);
  Tensor r = group_norm(tensorArg(a[0]), intArg(a[1]), optTensorUndefArg(a[2]), optTensorUndefArg(a[3]),
                        doubleArg(a[4]));
  ret(s, 6, std::move(r));
}
// native_group_norm(input, weight?, bias?, N, C, HxW, group, eps)
template <bool kOut>
void nativeGroupNormOp(Stack& s) {
  constexpr size_t n = kOut ? 11 : 8;
  IValue* a = args(s, n);
  auto r = native_group_norm(tensorArg(a[0]), optTensorUndefArg(a[1]), optTensorUndefArg(a[2]), intArg(a[3]),
                             intArg(a[4]), intArg(a[5]), intArg(a[6]), doubleArg(a[7]));
  if constexpr (kOut) pushTripleOut(s, n, 8, std::move(r));
  else pushTriple(s, n, std::move(r));
}

#define EMBER_BN_ARGS                                                                                         \
  "(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, " \
  "float momentum, float eps"

RegisterOperators reg({
    {"aten::batch_norm" EMBER_BN_ARGS ", bool cudnn_enabled) -> Tensor", batchNormOp},
    {"aten::native_batch_norm" EMBER_BN_ARGS ") -> (Tensor, Tensor, Tensor)", nativeBatchNormOp},
    {"aten::_batch_norm_impl_index" EMBER_BN_ARGS ", bool cudnn_enabled) -> (Tensor, Tensor, Tensor, Tensor, int)",
     batchNormImplIndexOp},
    {"aten::instance_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
     "bool use_input_stats, float momentum, float eps, bool cudnn_enabled) -> Tensor",
     instanceNormOp},
    {"aten::layer_norm(Tensor input, int[] normalized_shape, Tensor? weight=None, Tensor? bias=None, float "
     "eps=1.0000000000000001e-05, bool cudnn_enable=True) -> Tensor",
     layerNormOp},
    {"aten::native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float eps) -> "
     "(Tensor, Tensor, Tensor)",
     nativeLayerNormOp<false>},
    {"aten::native_layer_norm.out(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float eps, *, "
     "Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))",
     nativeLayerNormOp<true>},
    {"aten::group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor? bias=None, float "
     "eps=1.0000000000000001e-05, bool cudnn_enabled=True) -> Tensor",
     groupNormOp},
    {"aten::native_group_norm(Tensor input, Tensor? weight, Tensor? bias, SymInt N, SymInt C, SymInt HxW, int group, "
     "float eps) -> (Tensor, Tensor, Tensor)",
     nativeGroupNormOp<false>},
    {"aten::native_group_norm.out(Tensor input, Tensor? weight, Tensor? bias, SymInt N, SymInt C, SymInt HxW, int "
     "group, float eps, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), "
     "Tensor(c!))",
     nativeGroupNormOp<true>},
});

#undef EMBER_BN_ARGS

}  // namespace
}  // namespace ember::jit::aten
