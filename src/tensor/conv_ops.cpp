// The functional convolutions (conv1d/2d/3d, conv_transpose1d/2d/3d): unbatched inputs and
// string padding on top of aten::convolution.
#include "ember/tensor/ops/conv.h"
#include "ember/tensor/ops/shape.h"

namespace ember {

namespace {

// Whether the input is batched; throws PyTorch's message when its rank fits neither form.
bool checkBatched(const Tensor& input, int64_t spatial, const char* name) {
  const int64_t d = input.dim();
  EMBER_CHECK(d == spatial + 1 || d == spatial + 2, "Expected ", spatial + 1, "D (unbatched) or ", spatial + 2,
              "D (batched) input to ", name, ", but got input of size: ", input.sizes());
  return d == spatial + 2;
}

template <typename Fn>
Tensor withBatch(const Tensor& input, int64_t spatial, const char* name, Fn&& fn) {
  if (checkBatched(input, spatial, name)) return fn(input);
  return fn(input.unsqueeze(0)).squeeze(0);
}

Tensor convNd(int64_t spatial, const char* name, const Tensor& input, const Tensor& weight, const Tensor& bias,
              IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  return withBatch(input, spatial, name, [&](const Tensor& x) {
    return convolution(x, weight, bias, stride, padding, dilation, false, {0}, groups);
  });
}

Tensor convNdMode(int64_t spatial, const char* name, const Tensor& input, const Tensor& weight, const Tensor& bias,
                  IntArrayRef stride, std::string_view padding, IntArrayRef dilation, int64_t groups) {
  return withBatch(input, spatial, name, [&](const Tensor& x) {
    return _convolution_mode(x, weight, bias, stride, padding, dilation, groups);
  });
}

Tensor convTransposeNd(int64_t spatial, const char* name, const Tensor& input, const Tensor& weight, const Tensor& bias,
                       IntArrayRef stride, IntArrayRef padding, IntArrayRef outputPadding, int64_t groups,
                       IntArrayRef dilation) {
  return withBatch(input, spatial, name, [&](const Tensor& x) {
    return convolution(x, weight, bias, stride, padding, dilation, true, outputPadding, groups);
  });
}

}  // namespace

Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride, IntArrayRef padding,
              IntArrayRef dilation, int64_t groups) {
  return convNd(1, "conv1d", input, weight, bias, stride, padding, dilation, groups);
}
Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride, IntArrayRef padding,
              IntArrayRef dilation, int64_t groups) {
  return convNd(2, "conv2d", input, weight, bias, stride, padding, dilation, groups);
}
Tensor conv3d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride, IntArrayRef padding,
              IntArrayRef dilation, int64_t groups) {
  return convNd(3, "conv3d", input, weight, bias, stride, padding, dilation, groups);
}
Tensor conv1d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              std::string_view padding, IntArrayRef dilation, int64_t groups) {
  return convNdMode(1, "conv1d", input, weight, bias, stride, padding, dilation, groups);
}
Tensor conv2d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              std::string_view padding, IntArrayRef dilation, int64_t groups) {
  return convNdMode(2, "conv2d", input, weight, bias, stride, padding, dilation, groups);
}
Tensor conv3d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
              std::string_view padding, IntArrayRef dilation, int64_t groups) {
  return convNdMode(3, "conv3d", input, weight, bias, stride, padding, dilation, groups);
}
Tensor conv_transpose1d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                        IntArrayRef padding, IntArrayRef output_padding, int64_t groups, IntArrayRef dilation) {
  return convTransposeNd(1, "conv_transpose1d", input, weight, bias, stride, padding, output_padding, groups, dilation);
}
Tensor conv_transpose2d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                        IntArrayRef padding, IntArrayRef output_padding, int64_t groups, IntArrayRef dilation) {
  return convTransposeNd(2, "conv_transpose2d", input, weight, bias, stride, padding, output_padding, groups, dilation);
}
Tensor conv_transpose3d(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                        IntArrayRef padding, IntArrayRef output_padding, int64_t groups, IntArrayRef dilation) {
  return convTransposeNd(3, "conv_transpose3d", input, weight, bias, stride, padding, output_padding, groups, dilation);
}

}  // namespace ember
