// aten:: operators of resampling that PyTorch archives call directly: the antialiased kernels
// (_upsample_bilinear2d_aa / _upsample_bicubic2d_aa, what F.interpolate(..., antialias=True)
// calls) with their .vec and .out overloads, with PyTorch 1.13's schemas.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/upsample_aa.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

std::optional<std::vector<double>> optDoubleListArg(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  if (!v.isList()) throwArgType(v, "List[float]");
  std::vector<double> out;
  for (const auto& e : v.toListRef().elements) out.push_back(doubleArg(e));
  return out;
}

template <size_t kArgs, bool kOut>
void finish(Stack& s, Tensor r) {
  constexpr size_t n = kArgs + (kOut ? 1 : 0);
  if constexpr (kOut) {
    Tensor out = tensorArg(args(s, n)[kArgs]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, n, std::move(r));
}

// (self, output_size, align_corners, scales_h, scales_w[, out])
using AAFn = Tensor (*)(const Tensor&, IntArrayRef, bool, std::optional<double>, std::optional<double>);
template <AAFn F, bool kOut>
void aaOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finish<5, kOut>(s, F(tensorArg(a[0]), intListArg(a[1]), boolArg(a[2]), optDoubleArg(a[3]), optDoubleArg(a[4])));
}
// (input, output_size?, align_corners, scale_factors?[, out])
using AAVecFn = Tensor (*)(const Tensor&, OptionalIntArrayRef, bool, OptionalDoubleArrayRef);
template <AAVecFn F, bool kOut>
void aaVecOp(Stack& s) {
  IValue* a = args(s, kOut ? 5 : 4);
  const std::optional<DimVector> size = optIntListArg(a[1]);
  const auto scales = optDoubleListArg(a[3]);
  finish<4, kOut>(s, F(tensorArg(a[0]), size ? OptionalIntArrayRef(*size) : std::nullopt, boolArg(a[2]),
                       scales ? OptionalDoubleArrayRef(*scales) : std::nullopt));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_AA(name, fn, vecFn)                                                                                   \
  {"aten::" name "(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? "            \
   "scales_w=None) -> Tensor",                                                                                       \
   aaOp<fn, false>},                                                                                                 \
      {"aten::" name ".out(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? "   \
       "scales_w=None" EMBER_OUT,                                                                                    \
       aaOp<fn, true>},                                                                                              \
      {"aten::" name ".vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> "     \
       "Tensor",                                                                                                     \
       aaVecOp<vecFn, false>},                                                                                       \
  {                                                                                                                  \
    "aten::" name ".vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors"        \
        EMBER_OUT,                                                                                                   \
        aaVecOp<vecFn, true>                                                                                         \
  }

RegisterOperators reg({
    EMBER_AA("_upsample_bilinear2d_aa", _upsample_bilinear2d_aa, _upsample_bilinear2d_aa_vec),
    EMBER_AA("_upsample_bicubic2d_aa", _upsample_bicubic2d_aa, _upsample_bicubic2d_aa_vec),
});

}  // namespace
}  // namespace ember::jit::aten
