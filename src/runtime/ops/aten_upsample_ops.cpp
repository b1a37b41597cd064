// aten:: upsampling operators with PyTorch 1.13's schemas: nearest, nearest-exact, linear,
// bilinear, bicubic and trilinear, each in its explicit form (output size and per-dim scales),
// its `.vec` form (output size or scale factors, what scripted F.interpolate calls) and the
// out= variants of both.
#include <vector>

#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/upsample.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// Explicit nearest forms: (self, output_size, scales...) with S scales.
using Near1 = Tensor (*)(const Tensor&, IntArrayRef, std::optional<double>);
using Near2 = Tensor (*)(const Tensor&, IntArrayRef, std::optional<double>, std::optional<double>);
using Near3 = Tensor (*)(const Tensor&, IntArrayRef, std::optional<double>, std::optional<double>,
                         std::optional<double>);
template <Near1 F, bool kOut>
void near1(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  finishOut<3, kOut>(s, F(tensorArg(a[0]), intListArg(a[1]), optDoubleArg(a[2])));
}
template <Near2 F, bool kOut>
void near2(Stack& s) {
  IValue* a = args(s, kOut ? 5 : 4);
  finishOut<4, kOut>(s, F(tensorArg(a[0]), intListArg(a[1]), optDoubleArg(a[2]), optDoubleArg(a[3])));
}
template <Near3 F, bool kOut>
void near3(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finishOut<5, kOut>(s, F(tensorArg(a[0]), intListArg(a[1]), optDoubleArg(a[2]), optDoubleArg(a[3]), optDoubleArg(a[4])));
}
// Explicit interpolating forms: (self, output_size, align_corners, scales...).
using Lin1 = Tensor (*)(const Tensor&, IntArrayRef, bool, std::optional<double>);
using Lin2 = Tensor (*)(const Tensor&, IntArrayRef, bool, std::optional<double>, std::optional<double>);
using Lin3 = Tensor (*)(const Tensor&, IntArrayRef, bool, std::optional<double>, std::optional<double>,
                        std::optional<double>);
template <Lin1 F, bool kOut>
void lin1(Stack& s) {
  IValue* a = args(s, kOut ? 5 : 4);
  finishOut<4, kOut>(s, F(tensorArg(a[0]), intListArg(a[1]), boolArg(a[2]), optDoubleArg(a[3])));
}
template <Lin2 F, bool kOut>
void lin2(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finishOut<5, kOut>(s, F(tensorArg(a[0]), intListArg(a[1]), boolArg(a[2]), optDoubleArg(a[3]), optDoubleArg(a[4])));
}
template <Lin3 F, bool kOut>
void lin3(Stack& s) {
  IValue* a = args(s, kOut ? 7 : 6);
  finishOut<6, kOut>(s, F(tensorArg(a[0]), intListArg(a[1]), boolArg(a[2]), optDoubleArg(a[3]), optDoubleArg(a[4]),
                       optDoubleArg(a[5])));
}
// .vec forms: (input, output_size?, [align_corners,] scale_factors?).
using NearVec = Tensor (*)(const Tensor&, OptionalIntArrayRef, OptionalDoubleArrayRef);
using LinVec = Tensor (*)(const Tensor&, OptionalIntArrayRef, bool, OptionalDoubleArrayRef);
template <NearVec F, bool kOut>
void nearVec(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  const std::optional<DimVector> size = optIntListArg(a[1]);
  const auto scales = optDoubleListArg(a[2]);
  finishOut<3, kOut>(s, F(tensorArg(a[0]), size ? OptionalIntArrayRef(*size) : std::nullopt,
                       scales ? OptionalDoubleArrayRef(*scales) : std::nullopt));
}
template <LinVec F, bool kOut>
void linVec(Stack& s) {
  IValue* a = args(s, kOut ? 5 : 4);
  const std::optional<DimVector> size = optIntListArg(a[1]);
  const auto scales = optDoubleListArg(a[3]);
  finishOut<4, kOut>(s, F(tensorArg(a[0]), size ? OptionalIntArrayRef(*size) : std::nullopt, boolArg(a[2]),
                       scales ? OptionalDoubleArrayRef(*scales) : std::nullopt));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_NEAR_VEC(name, fn)                                                                           \
  {"aten::" name ".vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",            \
   nearVec<fn, false>},                                                                                    \
  {                                                                                                        \
    "aten::" name ".vec_out(Tensor input, SymInt[]? output_size, float[]? scale_factors" EMBER_OUT,         \
        nearVec<fn, true>                                                                                  \
  }
#define EMBER_LIN_VEC(name, fn)                                                                                   \
  {"aten::" name ".vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) -> Tensor", \
   linVec<fn, false>},                                                                                            \
  {                                                                                                               \
    "aten::" name ".vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors"       \
        EMBER_OUT,                                                                                                \
        linVec<fn, true>                                                                                          \
  }
#define EMBER_S1 "float? scales=None"
#define EMBER_S2 "float? scales_h=None, float? scales_w=None"
#define EMBER_S3 "float? scales_d=None, float? scales_h=None, float? scales_w=None"

RegisterOperators reg({
    {"aten::upsample_nearest1d(Tensor self, SymInt[1] output_size, " EMBER_S1 ") -> Tensor",
     near1<upsample_nearest1d, false>},
    {"aten::upsample_nearest1d.out(Tensor self, SymInt[1] output_size, " EMBER_S1 EMBER_OUT,
     near1<upsample_nearest1d, true>},
    {"aten::upsample_nearest2d(Tensor self, SymInt[2] output_size, " EMBER_S2 ") -> Tensor",
     near2<upsample_nearest2d, false>},
    {"aten::upsample_nearest2d.out(Tensor self, SymInt[2] output_size, " EMBER_S2 EMBER_OUT,
     near2<upsample_nearest2d, true>},
    {"aten::upsample_nearest3d(Tensor self, SymInt[3] output_size, " EMBER_S3 ") -> Tensor",
     near3<upsample_nearest3d, false>},
    {"aten::upsample_nearest3d.out(Tensor self, SymInt[3] output_size, " EMBER_S3 EMBER_OUT,
     near3<upsample_nearest3d, true>},
    {"aten::_upsample_nearest_exact1d(Tensor self, SymInt[1] output_size, " EMBER_S1 ") -> Tensor",
     near1<_upsample_nearest_exact1d, false>},
    {"aten::_upsample_nearest_exact1d.out(Tensor self, SymInt[1] output_size, " EMBER_S1 EMBER_OUT,
     near1<_upsample_nearest_exact1d, true>},
    {"aten::_upsample_nearest_exact2d(Tensor self, SymInt[2] output_size, " EMBER_S2 ") -> Tensor",
     near2<_upsample_nearest_exact2d, false>},
    {"aten::_upsample_nearest_exact2d.out(Tensor self, SymInt[2] output_size, " EMBER_S2 EMBER_OUT,
     near2<_upsample_nearest_exact2d, true>},
    {"aten::_upsample_nearest_exact3d(Tensor self, SymInt[3] output_size, " EMBER_S3 ") -> Tensor",
     near3<_upsample_nearest_exact3d, false>},
    {"aten::_upsample_nearest_exact3d.out(Tensor self, SymInt[3] output_size, " EMBER_S3 EMBER_OUT,
     near3<_upsample_nearest_exact3d, true>},
    {"aten::upsample_linear1d(Tensor self, SymInt[1] output_size, bool align_corners, " EMBER_S1 ") -> Tensor",
     lin1<upsample_linear1d, false>},
    {"aten::upsample_linear1d.out(Tensor self, SymInt[1] output_size, bool align_corners, " EMBER_S1 EMBER_OUT,
     lin1<upsample_linear1d, true>},
    {"aten::upsample_bilinear2d(Tensor self, SymInt[2] output_size, bool align_corners, " EMBER_S2 ") -> Tensor",
     lin2<upsample_bilinear2d, false>},
    {"aten::upsample_bilinear2d.out(Tensor self, SymInt[2] output_size, bool align_corners, " EMBER_S2 EMBER_OUT,
     lin2<upsample_bilinear2d, true>},
    {"aten::upsample_bicubic2d(Tensor self, SymInt[2] output_size, bool align_corners, " EMBER_S2 ") -> Tensor",
     lin2<upsample_bicubic2d, false>},
    {"aten::upsample_bicubic2d.out(Tensor self, SymInt[2] output_size, bool align_corners, " EMBER_S2 EMBER_OUT,
     lin2<upsample_bicubic2d, true>},
    {"aten::upsample_trilinear3d(Tensor self, SymInt[3] output_size, bool align_corners, " EMBER_S3 ") -> Tensor",
     lin3<upsample_trilinear3d, false>},
    {"aten::upsample_trilinear3d.out(Tensor self, SymInt[3] output_size, bool align_corners, " EMBER_S3 EMBER_OUT,
     lin3<upsample_trilinear3d, true>},
    EMBER_NEAR_VEC("upsample_nearest1d", upsample_nearest1d_vec),
    EMBER_NEAR_VEC("upsample_nearest2d", upsample_nearest2d_vec),
    EMBER_NEAR_VEC("upsample_nearest3d", upsample_nearest3d_vec),
    EMBER_NEAR_VEC("_upsample_nearest_exact1d", _upsample_nearest_exact1d_vec),
    EMBER_NEAR_VEC("_upsample_nearest_exact2d", _upsample_nearest_exact2d_vec),
    EMBER_NEAR_VEC("_upsample_nearest_exact3d", _upsample_nearest_exact3d_vec),
    EMBER_LIN_VEC("upsample_linear1d", upsample_linear1d_vec),
    EMBER_LIN_VEC("upsample_bilinear2d", upsample_bilinear2d_vec),
    EMBER_LIN_VEC("upsample_bicubic2d", upsample_bicubic2d_vec),
    EMBER_LIN_VEC("upsample_trilinear3d", upsample_trilinear3d_vec),
});

#undef EMBER_OUT
#undef EMBER_NEAR_VEC
#undef EMBER_LIN_VEC
#undef EMBER_S1
#undef EMBER_S2
#undef EMBER_S3

}  // namespace
}  // namespace ember::jit::aten
