// The backend spellings of convolution that archives traced or scripted on some builds call
// directly (thnn_conv2d, _slow_conv2d_forward, slow_conv3d(_forward), slow_conv_dilated2d/3d,
// slow_conv_transpose2d/3d, conv_depthwise3d, _nnpack_spatial_convolution, conv_tbc), with
// PyTorch 1.13's schemas, routed to the one convolution kernel (aten::convolution).
#include "ember/runtime/register_operators.h"
#include "ember/tensor/ops/conv.h"
#include "ember/tensor/ops/shape.h"
#include "runtime/ops/aten_arg_utils.h"

namespace ember::jit::aten {
namespace {

// The spellings take a batched input of kDims spatial dims and the kernel size again.
void checkSlowConv(const Tensor& input, const Tensor& weight, IntArrayRef kernel, int64_t dims, const char* name) {
  EMBER_CHECK(input.dim() == dims + 2, name, ": expected ", dims + 2, "D input tensor, but got: ", input.sizes());
  EMBER_CHECK(weight.dim() == dims + 2, name, ": expected ", dims + 2, "D weight tensor, but got: ", weight.sizes());
  EMBER_CHECK(static_cast<int64_t>(kernel.size()) == dims || kernel.size() == 1, name, ": kernel_size must have ", dims,
              " elements, but got ", kernel);
  for (int64_t d = 0; d < dims; ++d) {
    const int64_t k = kernel[kernel.size() == 1 ? 0 : static_cast<size_t>(d)];
    EMBER_CHECK(k == weight.size(d + 2), name, ": kernel_size ", kernel, " does not match the weight's kernel ",
                weight.sizes().slice(2));
  }
}

enum Kind { kPlain, kDilated, kTransposed, kDepthwise };

// (self, weight, kernel_size, bias?, stride, padding[, output_padding][, dilation][, out])
template <int kDims, Kind kKind, bool kOut>
void slowConvOp(Stack& s) {
  constexpr size_t nIn = kKind == kPlain ? 6 : kKind == kTransposed ? 8 : 7;
  IValue* a = args(s, nIn + (kOut ? 1 : 0));
  const Tensor input = tensorArg(a[0]), weight = tensorArg(a[1]);
  const DimVector kernel = intListArg(a[2]);
  const Tensor bias = optTensorUndefArg(a[3]);
  const DimVector stride = intListArg(a[4]), padding = intListArg(a[5]);
  const DimVector outPadding = kKind == kTransposed ? intListArg(a[6]) : DimVector{0};
  const DimVector dilation = kKind == kTransposed ? intListArg(a[7])
                             : kKind == kPlain    ? DimVector{1}
                                                  : intListArg(a[6]);
  checkSlowConv(input, weight, kernel, kDims, kKind == kTransposed ? "slow_conv_transpose" : "slow_conv");
  const int64_t groups = kKind == kDepthwise ? input.size(1) : 1;
  finishOut<nIn, kOut>(
      s, convolution(input, weight, bias, stride, padding, dilation, kKind == kTransposed, outPadding, groups));
}

// (input, weight, bias?, padding, stride[, out])
template <bool kOut>
void nnpackOp(Stack& s) {
  IValue* a = args(s, kOut ? 6 : 5);
  const Tensor input = tensorArg(a[0]), weight = tensorArg(a[1]);
  EMBER_CHECK(input.dim() == 4 && weight.dim() == 4,
              "_nnpack_spatial_convolution: expected 4D input and weight, but "
              "got ",
              input.sizes(), " and ", weight.sizes());
  finishOut<5, kOut>(
      s, convolution(input, weight, optTensorUndefArg(a[2]), intListArg(a[4]), intListArg(a[3]), {1}, false, {0}, 1));
}

// conv_tbc: input (time, batch, in), weight (kernel, in, out), bias (out), padding on time.
Tensor convTbc(const Tensor& self, const Tensor& weight, const Tensor& bias, int64_t pad) {
  EMBER_CHECK(self.dim() == 3, "Input must have 3 dims: time, batch, in_channel");
  EMBER_CHECK(weight.dim() == 3, "Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.");
  EMBER_CHECK(bias.dim() == 1, "Bias must be 1-D");
  EMBER_CHECK(self.size(2) == weight.size(1), "Input dim 2 (input channels) is not == dim 1 in the weight tensor");
  EMBER_CHECK(weight.size(2) == bias.size(0), "Bias size must equal dim 2 in the weight tensor (output channels).");
  const Tensor y =
      convolution(self.permute({1, 2, 0}), weight.permute({2, 1, 0}), bias, {1}, {pad}, {1}, false, {0}, 1);
  return y.permute({2, 0, 1}).contiguous();
}
template <bool kOut>
void convTbcOp(Stack& s) {
  IValue* a = args(s, kOut ? 5 : 4);
  finishOut<4, kOut>(s, convTbc(tensorArg(a[0]), tensorArg(a[1]), tensorArg(a[2]), intArg(a[3])));
}

#define EMBER_OUT ", *, Tensor(a!) out) -> Tensor(a!)"
#define EMBER_CONV2D \
  "(Tensor self, Tensor weight, int[2] kernel_size, Tensor? bias=None, int[2] stride=1, int[2] padding=0"
#define EMBER_CONV3D \
  "(Tensor self, Tensor weight, int[3] kernel_size, Tensor? bias=None, int[3] stride=1, int[3] padding=0"
#define EMBER_FWD2D "(Tensor self, Tensor weight, int[2] kernel_size, Tensor? bias, int[2] stride, int[2] padding"
#define EMBER_FWD3D "(Tensor self, Tensor weight, int[3] kernel_size, Tensor? bias, int[3] stride, int[3] padding"
#define EMBER_FWD_OUT ", *, Tensor(a!) output) -> Tensor(a!)"

RegisterOperators reg({
    {"aten::thnn_conv2d" EMBER_CONV2D ") -> Tensor", slowConvOp<2, kPlain, false>},
    {"aten::thnn_conv2d.out" EMBER_CONV2D EMBER_OUT, slowConvOp<2, kPlain, true>},
    {"aten::_slow_conv2d_forward" EMBER_FWD2D ") -> Tensor", slowConvOp<2, kPlain, false>},
    {"aten::_slow_conv2d_forward.output" EMBER_FWD2D EMBER_FWD_OUT, slowConvOp<2, kPlain, true>},
    {"aten::slow_conv3d" EMBER_CONV3D ") -> Tensor", slowConvOp<3, kPlain, false>},
    {"aten::slow_conv3d.out" EMBER_CONV3D EMBER_OUT, slowConvOp<3, kPlain, true>},
    {"aten::slow_conv3d_forward" EMBER_FWD3D ") -> Tensor", slowConvOp<3, kPlain, false>},
    {"aten::slow_conv3d_forward.output" EMBER_FWD3D EMBER_FWD_OUT, slowConvOp<3, kPlain, true>},
    {"aten::slow_conv_dilated2d" EMBER_CONV2D ", int[2] dilation=1) -> Tensor", slowConvOp<2, kDilated, false>},
    {"aten::slow_conv_dilated2d.out" EMBER_CONV2D ", int[2] dilation=1" EMBER_OUT, slowConvOp<2, kDilated, true>},
    {"aten::slow_conv_dilated3d" EMBER_CONV3D ", int[3] dilation=1) -> Tensor", slowConvOp<3, kDilated, false>},
    {"aten::slow_conv_dilated3d.out" EMBER_CONV3D ", int[3] dilation=1" EMBER_OUT, slowConvOp<3, kDilated, true>},
    {"aten::slow_conv_transpose2d" EMBER_CONV2D ", int[2] output_padding=0, int[2] dilation=1) -> Tensor",
     slowConvOp<2, kTransposed, false>},
    {"aten::slow_conv_transpose2d.out" EMBER_CONV2D ", int[2] output_padding=0, int[2] dilation=1" EMBER_OUT,
     slowConvOp<2, kTransposed, true>},
    {"aten::slow_conv_transpose3d" EMBER_CONV3D ", int[3] output_padding=0, int[3] dilation=1) -> Tensor",
     slowConvOp<3, kTransposed, false>},
    {"aten::slow_conv_transpose3d.out" EMBER_CONV3D ", int[3] output_padding=0, int[3] dilation=1" EMBER_OUT,
     slowConvOp<3, kTransposed, true>},
    {"aten::conv_depthwise3d" EMBER_FWD3D ", int[3] dilation) -> Tensor", slowConvOp<3, kDepthwise, false>},
    {"aten::conv_depthwise3d.out" EMBER_FWD3D ", int[3] dilation" EMBER_OUT, slowConvOp<3, kDepthwise, true>},
    {"aten::_nnpack_spatial_convolution(Tensor input, Tensor weight, Tensor? bias, int[2] padding, int[2] stride=1) "
     "-> Tensor",
     nnpackOp<false>},
    {"aten::_nnpack_spatial_convolution.out(Tensor input, Tensor weight, Tensor? bias, int[2] padding, int[2] "
     "stride=1" EMBER_OUT,
     nnpackOp<true>},
    {"aten::conv_tbc(Tensor self, Tensor weight, Tensor bias, int pad=0) -> Tensor", convTbcOp<false>},
    {"aten::conv_tbc.out(Tensor self, Tensor weight, Tensor bias, int pad=0" EMBER_OUT, convTbcOp<true>},
});

}  // namespace
}  // namespace ember::jit::aten
