// aten:: operators of resampling that PyTorch archives call directly: the antialiased kernels
// (_upsample_bilinear2d_aa / _upsample_bicubic2d_aa, what F.interpolate(..., antialias=True)
// calls) with their .vec and .out overloads, and the TorchScript builtins older archives call
// for F.interpolate / F.upsample* (__interpolate, __upsample, __upsample_bilinear,
// __upsample_nearest, every overload), with PyTorch 1.13's schemas.
#include <cmath>
#include <string>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/pool.h"
#include "ember/tensor/ops/upsample_aa.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// (self, output_size, align_corners, scales_h, scales_w[, out])
using AAFn = Tensor (*)(const Tensor&, IntArrayRef, bool, std::optional<double>, std::optional<double>);
template <AAFn F, bool kOut>
void aaOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finishOut<5, kOut>(s, F(tensorArg(a[0]), intListArg(a[1]), boolArg(a[2]), optDoubleArg(a[3]), optDoubleArg(a[4])));
}
// (input, output_size?, align_corners, scale_factors?[, out])
using AAVecFn = Tensor (*)(const Tensor&, OptionalIntArrayRef, bool, OptionalDoubleArrayRef);
template <AAVecFn F, bool kOut>
void aaVecOp(Stack& s) {
  IValue* a = args(s, kOut ? 5 : 4);
  const std::optional<DimVector> size = optIntListArg(a[1]);
  const auto scales = optDoubleListArg(a[3]);
  finishOut<4, kOut>(s, F(tensorArg(a[0]), size ? OptionalIntArrayRef(*size) : std::nullopt, boolArg(a[2]),
                       scales ? OptionalDoubleArrayRef(*scales) : std::nullopt));
}

// ---- the legacy builtins: an output size (size wins over scale_factor; a scale gives
// floor(in * scale)), then the mode's kernel with no scales, as PyTorch 1.13's builtin does ----
// A single number or a list, one value per spatial dim.
std::vector<double> perDim(const IValue& v, int64_t dims) {
  std::vector<double> r;
  if (v.isList()) {
    for (const auto& e : v.toListRef().elements) r.push_back(doubleArg(e));
  } else {
    r.assign(static_cast<size_t>(std::max<int64_t>(dims, 0)), doubleArg(v));
  }
  return r;
}

Tensor legacyInterpolate(const Tensor& input, const IValue& size, const IValue& scale, std::string_view mode,
                         std::optional<bool> alignCorners, bool antialias) {
  EMBER_CHECK(!antialias, "Antialias is not yet supported");
  const bool interpolating = mode == "linear" || mode == "bilinear" || mode == "bicubic" || mode == "trilinear";
  EMBER_CHECK(!alignCorners.has_value() || interpolating,
              "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | "
              "trilinear");
  const bool corners = alignCorners.value_or(false);
  const int64_t dims = input.dim() - 2;
  DimVector out;
  if (!size.isNone()) {
    for (double v : perDim(size, dims)) out.push_back(static_cast<int64_t>(v));
  } else {
    EMBER_CHECK(!scale.isNone(), "either size or scale_factor should be defined");
    const std::vector<double> f = perDim(scale, dims);
    EMBER_CHECK(static_cast<int64_t>(f.size()) == dims, "scale_factor must have ", dims, " elements, but got ",
                f.size());
    for (int64_t d = 0; d < dims; ++d)
      out.push_back(static_cast<int64_t>(std::floor(static_cast<double>(input.size(d + 2)) * f[d])));
  }
  const int64_t nd = input.dim();
  EMBER_CHECK(static_cast<int64_t>(out.size()) == dims || nd < 3 || nd > 5, "size must have ", dims,
              " elements, but got ", out.size());
  if (nd == 3 && mode == "nearest") return upsample_nearest1d(input, out);
  if (nd == 4 && mode == "nearest") return upsample_nearest2d(input, out);
  if (nd == 5 && mode == "nearest") return upsample_nearest3d(input, out);
  if (nd == 3 && mode == "area") return adaptive_avg_pool1d(input, out);
  if (nd == 4 && mode == "area") return adaptive_avg_pool2d(input, out);
  if (nd == 5 && mode == "area") return adaptive_avg_pool3d(input, out);
  if (nd == 3 && mode == "linear") return upsample_linear1d(input, out, corners);
  if (nd == 4 && mode == "bilinear") return upsample_bilinear2d(input, out, corners);
  if (nd == 4 && mode == "bicubic") return upsample_bicubic2d(input, out, corners);
  if (nd == 5 && mode == "trilinear") return upsample_trilinear3d(input, out, corners);
  EMBER_ERROR("Input Error: Only 3D, 4D and 5D input Tensors supported (got ", nd,
              "D) for the modes: nearest | "
              "linear | bilinear | trilinear (got ",
              mode, ") ");
}
// (input, size, scale_factor, mode, align_corners, recompute_scale_factor, antialias)
void interpolateOp(Stack& s) {
  IValue* a = args(s, 7);
  optBoolArg(a[5]);  // recompute_scale_factor: the builtin always recomputes
  const Tensor input = tensorArg(a[0]);
  ret(s, 7, legacyInterpolate(input, a[1], a[2], stringArg(a[3]), optBoolArg(a[4]), boolArg(a[6])));
}
// (input, size, scale_factor, mode, align_corners)
void upsampleOp(Stack& s) {
  IValue* a = args(s, 5);
  const Tensor input = tensorArg(a[0]);
  ret(s, 5, legacyInterpolate(input, a[1], a[2], stringArg(a[3]), optBoolArg(a[4]), false));
}
// (input, size, scale_factor): bilinear with align_corners, or nearest.
template <bool kBilinear>
void upsampleModeOp(Stack& s) {
  IValue* a = args(s, 3);
  const Tensor input = tensorArg(a[0]);
  ret(s, 3,
      legacyInterpolate(input, a[1], a[2], kBilinear ? "bilinear" : "nearest",
                        kBilinear ? std::optional<bool>(true) : std::nullopt, false));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_INTERP_TAIL                                                                                          \
  ", str mode=\"nearest\", bool? align_corners=None, bool? recompute_scale_factor=None, bool antialias=False) -> " \
  "Tensor"
#define EMBER_AA(name, fn, vecFn)                                                                         \
  {"aten::" name                                                                                          \
   "(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? "               \
   "scales_w=None) -> Tensor",                                                                            \
   aaOp<fn, false>},                                                                                      \
      {"aten::" name                                                                                      \
       ".out(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? "       \
       "scales_w=None" EMBER_OUT,                                                                         \
       aaOp<fn, true>},                                                                                   \
      {"aten::" name                                                                                      \
       ".vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> "        \
       "Tensor",                                                                                          \
       aaVecOp<vecFn, false>},                                                                            \
  {                                                                                                       \
    "aten::" name                                                                                         \
    ".vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors" EMBER_OUT, \
        aaVecOp<vecFn, true>                                                                              \
  }

RegisterOperators reg({
    EMBER_AA("_upsample_bilinear2d_aa", _upsample_bilinear2d_aa, _upsample_bilinear2d_aa_vec),
    EMBER_AA("_upsample_bicubic2d_aa", _upsample_bicubic2d_aa, _upsample_bicubic2d_aa_vec),
    {"aten::__interpolate(Tensor input, int? size=None, float? scale_factor=None" EMBER_INTERP_TAIL, interpolateOp},
    {"aten::__interpolate.scale_list(Tensor input, int? size=None, float[]? scale_factor=None" EMBER_INTERP_TAIL,
     interpolateOp},
    {"aten::__interpolate.size_list(Tensor input, int[]? size=None, float? scale_factor=None" EMBER_INTERP_TAIL,
     interpolateOp},
    {"aten::__interpolate.size_list_scale_list(Tensor input, int[]? size=None, float[]? "
     "scale_factor=None" EMBER_INTERP_TAIL,
     interpolateOp},
    {"aten::__upsample(Tensor input, int? size=None, int? scale_factor=None, str mode=\"nearest\", bool? "
     "align_corners=None) -> Tensor",
     upsampleOp},
    {"aten::__upsample.size_list(Tensor input, int[]? size=None, int? scale_factor=None, str mode=\"nearest\", bool? "
     "align_corners=None) -> Tensor",
     upsampleOp},
    {"aten::__upsample_bilinear(Tensor input, int? size=None, int? scale_factor=None) -> Tensor", upsampleModeOp<true>},
    {"aten::__upsample_bilinear.size_list(Tensor input, int[]? size=None, int? scale_factor=None) -> Tensor",
     upsampleModeOp<true>},
    {"aten::__upsample_bilinear.scale_list(Tensor input, int? size=None, int[]? scale_factor=None) -> Tensor",
     upsampleModeOp<true>},
    {"aten::__upsample_bilinear.size_list_scale_list(Tensor input, int[]? size=None, int[]? scale_factor=None) -> "
     "Tensor",
     upsampleModeOp<true>},
    {"aten::__upsample_nearest(Tensor input, int? size=None, int? scale_factor=None) -> Tensor", upsampleModeOp<false>},
    {"aten::__upsample_nearest.size_list(Tensor input, int[]? size=None, int? scale_factor=None) -> Tensor",
     upsampleModeOp<false>},
});

}  // namespace
}  // namespace ember::jit::aten
