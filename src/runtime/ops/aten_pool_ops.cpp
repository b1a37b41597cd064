// aten:: pooling operators with PyTorch 1.13's schemas: max pooling (with and without indices),
// average pooling and adaptive average/max pooling over 1-3 spatial dims, with the out= forms
// the schemas have.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/pool.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

using MaxFn = Tensor (*)(const Tensor&, IntArrayRef, IntArrayRef, IntArrayRef, IntArrayRef, bool);
using MaxIdxFn = std::tuple<Tensor, Tensor> (*)(const Tensor&, IntArrayRef, IntArrayRef, IntArrayRef, IntArrayRef, bool);
using AvgFn = Tensor (*)(const Tensor&, IntArrayRef, IntArrayRef, IntArrayRef, bool, bool, std::optional<int64_t>);
using AdaptiveFn = Tensor (*)(const Tensor&, IntArrayRef);
using AdaptiveIdxFn = std::tuple<Tensor, Tensor> (*)(const Tensor&, IntArrayRef);

// (self, kernel_size, stride, padding, dilation, ceil_mode)
template <MaxFn F>
void maxOp(Stack& s) {
  IValue* a = args(s, 6);
  Tensor r = F(tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]), intListArg(a[3]), intListArg(a[4]), boolArg(a[5]));
  ret(s, 6, std::move(r));
}
template <MaxIdxFn F, bool kOut>
void maxIdxOp(Stack& s) {
  constexpr size_t n = kOut ? 8 : 6;
  IValue* a = args(s, n);
  auto r = F(tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]), intListArg(a[3]), intListArg(a[4]), boolArg(a[5]));
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[6]), tensorArg(a[7]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}

Tensor avgPool1d(const Tensor& x, IntArrayRef k, IntArrayRef s, IntArrayRef p, bool ceil, bool countPad,
                 std::optional<int64_t>) {
  return avg_pool1d(x, k, s, p, ceil, countPad);
}
// (self, kernel_size, stride, padding, ceil_mode, count_include_pad[, divisor_override][, out])
template <AvgFn F, size_t kArgs, bool kOut>
void avgOp(Stack& s) {
  constexpr size_t n = kArgs + (kOut ? 1 : 0);
  IValue* a = args(s, n);
  const std::optional<int64_t> divisor = kArgs == 7 ? optIntArg(a[6]) : std::nullopt;
  Tensor r = F(tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]), intListArg(a[3]), boolArg(a[4]), boolArg(a[5]),
               divisor);
  if constexpr (kOut) {
    Tensor out = tensorArg(a[n - 1]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

template <AdaptiveFn F, bool kOut>
void adaptiveOp(Stack& s) {
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
template <AdaptiveIdxFn F, bool kOut>
void adaptiveIdxOp(Stack& s) {
  constexpr size_t n = kOut ? 4 : 2;
  IValue* a = args(s, n);
  auto r = F(tensorArg(a[0]), intListArg(a[1]));
  if constexpr (kOut) {
    ret2Out(s, n, tensorArg(a[2]), tensorArg(a[3]), std::move(r));
  } else {
    ret2(s, n, std::move(r));
  }
}

#define EMBER_MAXPOOL_ARGS(n, pad, dil)                                                                         \
  "(Tensor self, int[" #n "] kernel_size, int[" #n "] stride=[], int[" #n "] padding=" pad ", int[" #n "] dilation=" \
  dil ", bool ceil_mode=False"
#define EMBER_AVGPOOL_ARGS(n, pad)                                                                     \
  "(Tensor self, int[" #n "] kernel_size, int[" #n "] stride=[], int[" #n "] padding=" pad              \
  ", bool ceil_mode=False, bool count_include_pad=True"

RegisterOperators reg({
    {"aten::max_pool1d" EMBER_MAXPOOL_ARGS(1, "[0]", "[1]") ") -> Tensor", maxOp<max_pool1d>},
    {"aten::max_pool2d" EMBER_MAXPOOL_ARGS(2, "0", "1") ") -> Tensor", maxOp<max_pool2d>},
    {"aten::max_pool3d" EMBER_MAXPOOL_ARGS(3, "0", "1") ") -> Tensor", maxOp<max_pool3d>},
    {"aten::max_pool1d_with_indices" EMBER_MAXPOOL_ARGS(1, "[0]", "[1]") ") -> (Tensor, Tensor)",
     maxIdxOp<max_pool1d_with_indices, false>},
    {"aten::max_pool2d_with_indices" EMBER_MAXPOOL_ARGS(2, "0", "1") ") -> (Tensor, Tensor)",
     maxIdxOp<max_pool2d_with_indices, false>},
    {"aten::max_pool2d_with_indices.out" EMBER_MAXPOOL_ARGS(2, "0", "1") ", *, Tensor(a!) out, Tensor(b!) indices) -> "
                                                                         "(Tensor(a!), Tensor(b!))",
     maxIdxOp<max_pool2d_with_indices, true>},
    {"aten::max_pool3d_with_indices" EMBER_MAXPOOL_ARGS(3, "0", "1") ") -> (Tensor, Tensor)",
     maxIdxOp<max_pool3d_with_indices, false>},
    {"aten::max_pool3d_with_indices.out" EMBER_MAXPOOL_ARGS(3, "0", "1") ", *, Tensor(a!) out, Tensor(b!) indices) -> "
                                                                         "(Tensor(a!), Tensor(b!))",
     maxIdxOp<max_pool3d_with_indices, true>},
    {"aten::avg_pool1d" EMBER_AVGPOOL_ARGS(1, "[0]") ") -> Tensor", avgOp<avgPool1d, 6, false>},
    {"aten::avg_pool2d" EMBER_AVGPOOL_ARGS(2, "0") ", int? divisor_override=None) -> Tensor",
     avgOp<avg_pool2d, 7, false>},
    {"aten::avg_pool2d.out" EMBER_AVGPOOL_ARGS(2, "0") ", int? divisor_override=None, *, Tensor(a!) out) -> Tensor(a!)",
     avgOp<avg_pool2d, 7, true>},
    {"aten::avg_pool3d" EMBER_AVGPOOL_ARGS(3, "0") ", int? divisor_override=None) -> Tensor",
     avgOp<avg_pool3d, 7, false>},
    {"aten::avg_pool3d.out" EMBER_AVGPOOL_ARGS(3, "0") ", int? divisor_override=None, *, Tensor(a!) out) -> Tensor(a!)",
     avgOp<avg_pool3d, 7, true>},
    {"aten::adaptive_avg_pool1d(Tensor self, int[1] output_size) -> Tensor", adaptiveOp<adaptive_avg_pool1d, false>},
    {"aten::adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor",
     adaptiveOp<adaptive_avg_pool2d, false>},
    {"aten::adaptive_avg_pool2d.out(Tensor self, SymInt[2] output_size, *, Tensor(a!) out) -> Tensor(a!)",
     adaptiveOp<adaptive_avg_pool2d, true>},
    {"aten::_adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor",
     adaptiveOp<_adaptive_avg_pool2d, false>},
    {"aten::_adaptive_avg_pool2d.out(Tensor self, SymInt[2] output_size, *, Tensor(a!) out) -> Tensor(a!)",
     adaptiveOp<_adaptive_avg_pool2d, true>},
    {"aten::adaptive_avg_pool3d(Tensor self, int[3] output_size) -> Tensor", adaptiveOp<adaptive_avg_pool3d, false>},
    {"aten::adaptive_avg_pool3d.out(Tensor self, int[3] output_size, *, Tensor(a!) out) -> Tensor(a!)",
     adaptiveOp<adaptive_avg_pool3d, true>},
    {"aten::_adaptive_avg_pool3d(Tensor self, int[3] output_size) -> Tensor",
     adaptiveOp<_adaptive_avg_pool3d, false>},
    {"aten::_adaptive_avg_pool3d.out(Tensor self, int[3] output_size, *, Tensor(a!) out) -> Tensor(a!)",
     adaptiveOp<_adaptive_avg_pool3d, true>},
    {"aten::adaptive_max_pool1d(Tensor self, int[1] output_size) -> (Tensor, Tensor)",
     adaptiveIdxOp<adaptive_max_pool1d, false>},
    {"aten::adaptive_max_pool2d(Tensor self, int[2] output_size) -> (Tensor, Tensor)",
     adaptiveIdxOp<adaptive_max_pool2d, false>},
    {"aten::adaptive_max_pool2d.out(Tensor self, int[2] output_size, *, Tensor(a!) out, Tensor(b!) indices) -> "
     "(Tensor(a!), Tensor(b!))",
     adaptiveIdxOp<adaptive_max_pool2d, true>},
    {"aten::adaptive_max_pool3d(Tensor self, int[3] output_size) -> (Tensor, Tensor)",
     adaptiveIdxOp<adaptive_max_pool3d, false>},
    {"aten::adaptive_max_pool3d.out(Tensor self, int[3] output_size, *, Tensor(a!) out, Tensor(b!) indices) -> "
     "(Tensor(a!), Tensor(b!))",
     adaptiveIdxOp<adaptive_max_pool3d, true>},
});

#undef EMBER_MAXPOOL_ARGS
#undef EMBER_AVGPOOL_ARGS

}  // namespace
}  // namespace ember::jit::aten
