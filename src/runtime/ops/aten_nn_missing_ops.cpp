// aten:: operators of the NN family that TorchScript archives saved by PyTorch call directly
// (the inlined bodies of F.grid_sample, F.affine_grid, F.unfold and F.fold), with PyTorch
// 1.13's schemas, .out overloads included.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/sampling.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// Replaces the kArgs arguments (and the out tensor, if any) by the result, written into out.
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

// ---- grid sampling: (input, grid, interpolation_mode, padding_mode, align_corners[, out]) ----
using SamplerFn = Tensor (*)(const Tensor&, const Tensor&, int64_t, int64_t, bool);
template <SamplerFn F, bool kOut>
void samplerOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finish<5, kOut>(s, F(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]), intArg(a[3]), boolArg(a[4])));
}
template <bool kOut>
void affineGridOp(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  finish<3, kOut>(s, affine_grid_generator(tensorArg(a[0]), intListArg(a[1]), boolArg(a[2])));
}

// ---- sliding blocks ----
template <bool kOut>
void im2colOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finish<5, kOut>(s, im2col(tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]), intListArg(a[3]),
                            intListArg(a[4])));
}
template <bool kOut>
void col2imOp(Stack& s) {
  IValue* a = args(s, kOut ? 7 : 6);
  finish<6, kOut>(s, col2im(tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]), intListArg(a[3]),
                            intListArg(a[4]), intListArg(a[5])));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_SAMPLER_ARGS "(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners"
#define EMBER_BLOCK_ARGS "int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride"

RegisterOperators reg({
    {"aten::grid_sampler" EMBER_SAMPLER_ARGS ") -> Tensor", samplerOp<grid_sampler, false>},
    {"aten::grid_sampler_2d" EMBER_SAMPLER_ARGS ") -> Tensor", samplerOp<grid_sampler_2d, false>},
    {"aten::grid_sampler_2d.out" EMBER_SAMPLER_ARGS EMBER_OUT, samplerOp<grid_sampler_2d, true>},
    {"aten::_grid_sampler_2d_cpu_fallback" EMBER_SAMPLER_ARGS ") -> Tensor", samplerOp<grid_sampler_2d, false>},
    {"aten::_grid_sampler_2d_cpu_fallback.out" EMBER_SAMPLER_ARGS EMBER_OUT, samplerOp<grid_sampler_2d, true>},
    {"aten::grid_sampler_3d" EMBER_SAMPLER_ARGS ") -> Tensor", samplerOp<grid_sampler_3d, false>},
    {"aten::grid_sampler_3d.out" EMBER_SAMPLER_ARGS EMBER_OUT, samplerOp<grid_sampler_3d, true>},
    {"aten::affine_grid_generator(Tensor theta, int[] size, bool align_corners) -> Tensor", affineGridOp<false>},
    {"aten::affine_grid_generator.out(Tensor theta, int[] size, bool align_corners" EMBER_OUT, affineGridOp<true>},
    {"aten::im2col(Tensor self, " EMBER_BLOCK_ARGS ") -> Tensor", im2colOp<false>},
    {"aten::im2col.out(Tensor self, " EMBER_BLOCK_ARGS EMBER_OUT, im2colOp<true>},
    {"aten::col2im(Tensor self, SymInt[2] output_size, " EMBER_BLOCK_ARGS ") -> Tensor", col2imOp<false>},
    {"aten::col2im.out(Tensor self, SymInt[2] output_size, " EMBER_BLOCK_ARGS EMBER_OUT, col2imOp<true>},
});

}  // namespace
}  // namespace ember::jit::aten
