// aten:: operators of the NN family that TorchScript archives saved by PyTorch call directly
// (the bodies of F.grid_sample, F.affine_grid, F.unfold, F.fold, F.max_unpool*,
// F.fractional_max_pool*, F.rrelu, F.logsigmoid's forward, F.embedding's max_norm), with
// PyTorch 1.13's schemas, .out overloads included.
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/nn_extra.h"
#include "ember/tensor/ops/nn_misc.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/sampling.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/unary.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// ---- grid sampling: (input, grid, interpolation_mode, padding_mode, align_corners[, out]) ----
using SamplerFn = Tensor (*)(const Tensor&, const Tensor&, int64_t, int64_t, bool);
template <SamplerFn F, bool kOut>
void samplerOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finishOut<5, kOut>(s, F(tensorArg(a[0]), tensorArg(a[1]), intArg(a[2]), intArg(a[3]), boolArg(a[4])));
}
template <bool kOut>
void affineGridOp(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  finishOut<3, kOut>(s, affine_grid_generator(tensorArg(a[0]), intListArg(a[1]), boolArg(a[2])));
}

// ---- sliding blocks ----
template <bool kOut>
void im2colOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finishOut<5, kOut>(s, im2col(tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]), intListArg(a[3]), intListArg(a[4])));
}
template <bool kOut>
void col2imOp(Stack& s) {
  IValue* a = args(s, kOut ? 7 : 6);
  finishOut<6, kOut>(s, col2im(tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]), intListArg(a[3]), intListArg(a[4]),
                            intListArg(a[5])));
}

// ---- unpooling and fractional pooling ----
template <bool kOut>
void unpool2dOp(Stack& s) {
  IValue* a = args(s, kOut ? 4 : 3);
  finishOut<3, kOut>(s, max_unpool2d(tensorArg(a[0]), tensorArg(a[1]), intListArg(a[2])));
}
template <bool kOut>
void unpool3dOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  finishOut<5, kOut>(s,
                  max_unpool3d(tensorArg(a[0]), tensorArg(a[1]), intListArg(a[2]), intListArg(a[3]), intListArg(a[4])));
}
using FractionalFn = std::tuple<Tensor, Tensor> (*)(const Tensor&, IntArrayRef, IntArrayRef, const Tensor&);
template <FractionalFn F, bool kOut>
void fractionalOp(Stack& s) {
  constexpr size_t n = kOut ? 6 : 4;
  IValue* a = args(s, n);
  auto r = F(tensorArg(a[0]), intListArg(a[1]), intListArg(a[2]), tensorArg(a[3]));
  if constexpr (kOut)
    ret2Out(s, n, tensorArg(a[4]), tensorArg(a[5]), std::move(r));
  else
    ret2(s, n, std::move(r));
}

// ---- rrelu: (self[, noise], lower, upper, training, generator[, out]) ----
template <bool kNoise, int kForm>  // kForm: 0 functional, 1 in place, 2 out=
void rreluOp(Stack& s) {
  constexpr size_t nIn = kNoise ? 6 : 5, n = nIn + (kForm == 2 ? 1 : 0);
  IValue* a = args(s, n);
  Tensor self = tensorArg(a[0]);
  const Tensor noise = kNoise ? tensorArg(a[1]) : empty(self.sizes(), self.dtype());
  constexpr size_t k = kNoise ? 2 : 1;
  const Scalar lower = scalarArg(a[k]), upper = scalarArg(a[k + 1]);
  const bool training = boolArg(a[k + 2]);
  Generator* gen = generatorArg(a[k + 3]);
  if constexpr (kForm == 1) {
    rrelu_with_noise_(self, noise, lower, upper, training, gen);
    ret(s, n, std::move(self));
  } else {
    finishOut<nIn, kForm == 2>(s, rrelu_with_noise(self, noise, lower, upper, training, gen));
  }
}

// ---- log_sigmoid_forward: (log sigmoid(x), exp(-|x|)) ----
std::tuple<Tensor, Tensor> logSigmoidForward(const Tensor& self) {
  EMBER_CHECK(self.is_floating_point(), "\"log_sigmoid_forward\" not implemented for '", scalarTypeName(self.dtype()),
              "'");
  Tensor buffer = exp(neg(abs(self)));
  return {sub(clamp_max(self, Scalar(0)), log1p(buffer)), buffer};
}
template <bool kOut>
void logSigmoidForwardOp(Stack& s) {
  constexpr size_t n = kOut ? 3 : 1;
  IValue* a = args(s, n);
  auto r = logSigmoidForward(tensorArg(a[0]));
  if constexpr (kOut)
    ret2Out(s, n, tensorArg(a[1]), tensorArg(a[2]), std::move(r));
  else
    ret2(s, n, std::move(r));
}

// ---- embedding_renorm (functional: a renormed copy) and the JIT's no-grad in-place form ----
template <bool kOut>
void embeddingRenormOp(Stack& s) {
  IValue* a = args(s, kOut ? 5 : 4);
  Tensor r = tensorArg(a[0]).clone();
  embedding_renorm_(r, tensorArg(a[1]), doubleArg(a[2]), doubleArg(a[3]));
  finishOut<4, kOut>(s, std::move(r));
}
void noGradEmbeddingRenormOp(Stack& s) {
  IValue* a = args(s, 4);
  Tensor weight = tensorArg(a[0]);
  embedding_renorm_(weight, tensorArg(a[1]), doubleArg(a[2]), doubleArg(a[3]));
  ret(s, 4, std::move(weight));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_RRELU \
  "Scalar lower=0.125, Scalar upper=0.33333333333333331, bool training=False, Generator? generator=None"
#define EMBER_SAMPLER_ARGS "(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners"
#define EMBER_BLOCK_ARGS "int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride"

RegisterOperators reg({
    {"aten::grid_sampler" EMBER_SAMPLER_ARGS ") -> Tensor", samplerOp<grid_sampler, false>},
    {"aten::grid_sampler_2d" EMBER_SAMPLER_ARGS ") -> Tensor", samplerOp<grid_sampler_2d, false>},
    {"aten::grid_sampler_2d.out" EMBER_SAMPLER_ARGS EMBER_OUT, samplerOp<grid_sampler_2d, true>},
    {"aten::_grid_sampler_2d_cpu_fallback" EMBER_SAMPLER_ARGS ") -> Tensor",
     samplerOp<grid_sampler_2d_cpu_fallback, false>},
    {"aten::_grid_sampler_2d_cpu_fallback.out" EMBER_SAMPLER_ARGS EMBER_OUT, samplerOp<grid_sampler_2d_cpu_fallback, true>},
    {"aten::grid_sampler_3d" EMBER_SAMPLER_ARGS ") -> Tensor", samplerOp<grid_sampler_3d, false>},
    {"aten::grid_sampler_3d.out" EMBER_SAMPLER_ARGS EMBER_OUT, samplerOp<grid_sampler_3d, true>},
    {"aten::affine_grid_generator(Tensor theta, int[] size, bool align_corners) -> Tensor", affineGridOp<false>},
    {"aten::affine_grid_generator.out(Tensor theta, int[] size, bool align_corners" EMBER_OUT, affineGridOp<true>},
    {"aten::im2col(Tensor self, " EMBER_BLOCK_ARGS ") -> Tensor", im2colOp<false>},
    {"aten::im2col.out(Tensor self, " EMBER_BLOCK_ARGS EMBER_OUT, im2colOp<true>},
    {"aten::col2im(Tensor self, SymInt[2] output_size, " EMBER_BLOCK_ARGS ") -> Tensor", col2imOp<false>},
    {"aten::col2im.out(Tensor self, SymInt[2] output_size, " EMBER_BLOCK_ARGS EMBER_OUT, col2imOp<true>},
    {"aten::max_unpool2d(Tensor self, Tensor indices, int[2] output_size) -> Tensor", unpool2dOp<false>},
    {"aten::max_unpool2d.out(Tensor self, Tensor indices, int[2] output_size" EMBER_OUT, unpool2dOp<true>},
    {"aten::max_unpool3d(Tensor self, Tensor indices, int[3] output_size, int[3] stride, int[3] padding) -> Tensor",
     unpool3dOp<false>},
    {"aten::max_unpool3d.out(Tensor self, Tensor indices, int[3] output_size, int[3] stride, int[3] padding" EMBER_OUT,
     unpool3dOp<true>},
    {"aten::fractional_max_pool2d(Tensor self, int[2] kernel_size, int[2] output_size, Tensor random_samples) -> "
     "(Tensor, Tensor)",
     fractionalOp<fractional_max_pool2d, false>},
    {"aten::fractional_max_pool2d.output(Tensor self, int[2] kernel_size, int[2] output_size, Tensor random_samples, "
     "*, Tensor(a!) output, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
     fractionalOp<fractional_max_pool2d, true>},
    {"aten::fractional_max_pool3d(Tensor self, int[3] kernel_size, int[3] output_size, Tensor random_samples) -> "
     "(Tensor, Tensor)",
     fractionalOp<fractional_max_pool3d, false>},
    {"aten::fractional_max_pool3d.output(Tensor self, int[3] kernel_size, int[3] output_size, Tensor random_samples, "
     "*, Tensor(a!) output, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
     fractionalOp<fractional_max_pool3d, true>},
    {"aten::rrelu(Tensor self, " EMBER_RRELU ") -> Tensor", rreluOp<false, 0>},
    {"aten::rrelu_(Tensor(a!) self, " EMBER_RRELU ") -> Tensor(a!)", rreluOp<false, 1>},
    {"aten::rrelu_with_noise(Tensor self, Tensor noise, " EMBER_RRELU ") -> Tensor", rreluOp<true, 0>},
    {"aten::rrelu_with_noise_(Tensor(a!) self, Tensor noise, " EMBER_RRELU ") -> Tensor(a!)", rreluOp<true, 1>},
    {"aten::rrelu_with_noise.out(Tensor self, Tensor noise, " EMBER_RRELU EMBER_OUT, rreluOp<true, 2>},
    {"aten::log_sigmoid_forward(Tensor self) -> (Tensor output, Tensor buffer)", logSigmoidForwardOp<false>},
    {"aten::log_sigmoid_forward.output(Tensor self, *, Tensor(a!) output, Tensor(b!) buffer) -> (Tensor(a!), "
     "Tensor(b!))",
     logSigmoidForwardOp<true>},
    {"aten::embedding_renorm(Tensor self, Tensor indices, float max_norm, float norm_type) -> Tensor",
     embeddingRenormOp<false>},
    {"aten::embedding_renorm.out(Tensor self, Tensor indices, float max_norm, float norm_type" EMBER_OUT,
     embeddingRenormOp<true>},
    {"aten::_no_grad_embedding_renorm_(Tensor weight, Tensor input, float max_norm, float norm_type) -> Tensor",
     noGradEmbeddingRenormOp},
});

}  // namespace
}  // namespace ember::jit::aten
