// aten:: convolution operators with PyTorch 1.13's schemas: the functional forms scripted code
// calls (conv1d/2d/3d with int or string padding, conv_transpose1d/2d/3d) and the forms traced
// archives hold (aten::_convolution, its deprecated overload, aten::convolution,
// aten::_convolution_mode).
#include "ember/runtime/register_operators.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

using ConvFn = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, IntArrayRef, IntArrayRef, IntArrayRef, int64_t);
using ConvModeFn = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, IntArrayRef, std::string_view, IntArrayRef,
                              int64_t);
using ConvTFn = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, IntArrayRef, IntArrayRef, IntArrayRef, int64_t,
                           IntArrayRef);

// (input, weight, bias?, stride, padding, dilation, groups)
template <ConvFn F>
void convOp(Stack& s) {
  IValue* a = args(s, 7);
  Tensor r = F(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intListArg(a[3]), intListArg(a[4]),
               intListArg(a[5]), intArg(a[6]));
  ret(s, 7, std::move(r));
}
// (input, weight, bias?, stride, str padding, dilation, groups)
template <ConvModeFn F>
void convModeOp(Stack& s) {
  IValue* a = args(s, 7);
  Tensor r = F(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intListArg(a[3]), stringArg(a[4]),
               intListArg(a[5]), intArg(a[6]));
  ret(s, 7, std::move(r));
}
// (input, weight, bias?, stride, padding, output_padding, groups, dilation)
template <ConvTFn F>
void convTransposeOp(Stack& s) {
  IValue* a = args(s, 8);
  Tensor r = F(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intListArg(a[3]), intListArg(a[4]),
               intListArg(a[5]), intArg(a[6]), intListArg(a[7]));
  ret(s, 8, std::move(r));
}

Tensor conv1dInt(const Tensor& x, const Tensor& w, const Tensor& b, IntArrayRef s, IntArrayRef p, IntArrayRef d,
                 int64_t g) {
  return conv1d(x, w, b, s, p, d, g);
}
Tensor conv2dInt(const Tensor& x, const Tensor& w, const Tensor& b, IntArrayRef s, IntArrayRef p, IntArrayRef d,
                 int64_t g) {
  return conv2d(x, w, b, s, p, d, g);
}
Tensor conv3dInt(const Tensor& x, const Tensor& w, const Tensor& b, IntArrayRef s, IntArrayRef p, IntArrayRef d,
                 int64_t g) {
  return conv3d(x, w, b, s, p, d, g);
}
Tensor conv1dStr(const Tensor& x, const Tensor& w, const Tensor& b, IntArrayRef s, std::string_view p, IntArrayRef d,
                 int64_t g) {
  return conv1d(x, w, b, s, p, d, g);
}
Tensor conv2dStr(const Tensor& x, const Tensor& w, const Tensor& b, IntArrayRef s, std::string_view p, IntArrayRef d,
                 int64_t g) {
  return conv2d(x, w, b, s, p, d, g);
}
Tensor conv3dStr(const Tensor& x, const Tensor& w, const Tensor& b, IntArrayRef s, std::string_view p, IntArrayRef d,
                 int64_t g) {
  return conv3d(x, w, b, s, p, d, g);
}

// convolution(input, weight, bias?, stride, padding, dilation, transposed, output_padding, groups)
void convolutionOp(Stack& s) {
  IValue* a = args(s, 9);
  Tensor r = convolution(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intListArg(a[3]), intListArg(a[4]),
                         intListArg(a[5]), boolArg(a[6]), intListArg(a[7]), intArg(a[8]));
  ret(s, 9, std::move(r));
}
void convolutionOut(Stack& s) {
  IValue* a = args(s, 10);
  Tensor r = convolution(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intListArg(a[3]), intListArg(a[4]),
                         intListArg(a[5]), boolArg(a[6]), intListArg(a[7]), intArg(a[8]));
  Tensor out = tensorArg(a[9]);
  writeOut(out, r);
  ret(s, 10, std::move(out));
}
// _convolution: the convolution arguments, then benchmark, deterministic, cudnn_enabled
// (and allow_tf32 in the current overload), which only steer backend choice on GPUs.
template <size_t kArgs, bool kOut>
void underscoreConvolution(Stack& s) {
  IValue* a = args(s, kArgs);
  Tensor r = convolution(tensorArg(a[0]), tensorArg(a[1]), optTensorUndefArg(a[2]), intListArg(a[3]), intListArg(a[4]),
                         intListArg(a[5]), boolArg(a[6]), intListArg(a[7]), intArg(a[8]));
  for (size_t i = 9; i < (kOut ? kArgs - 1 : kArgs); ++i) boolArg(a[i]);
  if constexpr (kOut) {
    Tensor out = tensorArg(a[kArgs - 1]);
    writeOut(out, r);
    r = std::move(out);
  }
  ret(s, kArgs, std::move(r));
}

RegisterOperators reg({
    {"aten::conv1d(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], int[1] padding=[0], int[1] "
     "dilation=[1], int groups=1) -> Tensor",
     convOp<conv1dInt>},
    {"aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] padding=0, int[2] "
     "dilation=1, int groups=1) -> Tensor",
     convOp<conv2dInt>},
    {"aten::conv3d(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] padding=0, int[3] "
     "dilation=1, int groups=1) -> Tensor",
     convOp<conv3dInt>},
    {"aten::conv1d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], str padding=\"valid\", "
     "int[1] dilation=[1], int groups=1) -> Tensor",
     convModeOp<conv1dStr>},
    {"aten::conv2d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, str padding=\"valid\", "
     "int[2] dilation=1, int groups=1) -> Tensor",
     convModeOp<conv2dStr>},
    {"aten::conv3d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, str padding=\"valid\", "
     "int[3] dilation=1, int groups=1) -> Tensor",
     convModeOp<conv3dStr>},
    {"aten::conv_transpose1d(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], int[1] padding=[0], "
     "int[1] output_padding=[0], int groups=1, int[1] dilation=[1]) -> Tensor",
     convTransposeOp<conv_transpose1d>},
    {"aten::conv_transpose2d.input(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] "
     "padding=0, int[2] output_padding=0, int groups=1, int[2] dilation=1) -> Tensor",
     convTransposeOp<conv_transpose2d>},
    {"aten::conv_transpose3d.input(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] "
     "padding=0, int[3] output_padding=0, int groups=1, int[3] dilation=1) -> Tensor",
     convTransposeOp<conv_transpose3d>},
    {"aten::convolution(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] dilation, bool "
     "transposed, int[] output_padding, int groups) -> Tensor",
     convolutionOp},
    {"aten::convolution.out(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] dilation, "
     "bool transposed, int[] output_padding, int groups, *, Tensor(a!) out) -> Tensor(a!)",
     convolutionOut},
    {"aten::_convolution(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] dilation, "
     "bool transposed, int[] output_padding, int groups, bool benchmark, bool deterministic, bool cudnn_enabled, "
     "bool allow_tf32) -> Tensor",
     underscoreConvolution<13, false>},
    {"aten::_convolution.deprecated(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] "
     "dilation, bool transposed, int[] output_padding, int groups, bool benchmark, bool deterministic, bool "
     "cudnn_enabled) -> Tensor",
     underscoreConvolution<12, false>},
    {"aten::_convolution.out(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] "
     "dilation, bool transposed, int[] output_padding, int groups, bool benchmark, bool deterministic, bool "
     "cudnn_enabled, bool allow_tf32, *, Tensor(a!) out) -> Tensor(a!)",
     underscoreConvolution<14, true>},
    {"aten::_convolution_mode(Tensor input, Tensor weight, Tensor? bias, int[] stride, str padding, int[] dilation, "
     "int groups) -> Tensor",
     convModeOp<_convolution_mode>},
});

}  // namespace
}  // namespace ember::jit::aten
