// The functional convolutions (conv1d/2d/3d, conv_transpose1d/2d/3d): unbatched inputs,
// string padding and complex tensors on top of aten::convolution.
#include "ember/tensor/ops/complex.h"
#include "ember/tensor/ops/conv.h"
#include "ember/tensor/ops/pointwise.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/ops/spectral.h"

namespace ember {

namespace {

// Whether the input is batched; throws PyTorch's message when its rank fits neither form.
bool checkBatched(const Tensor& input, int64_t spatial, const char* name) {
  const int64_t d = input.dim();
  EMBER_CHECK(d == spatial + 1 || d == spatial + 2, "Expected ", spatial + 1, "D (unbatched) or ", spatial + 2,
              "D (batched) input to ", name, ", but got input of size: ", input.sizes());
  return d == spatial + 2;
}

// Complex input and weight (and bias, if any): the functional forms that PyTorch 1.13 computes
// for complex tensors (conv1d/2d/3d, conv_transpose1d) are real convolutions of the parts,
// (a + ib) * (w + iv) = (a*w - b*v) + i(a*v + b*w), with the bias's parts added once each.
bool isComplexConv(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  return input.is_complex() && weight.is_complex() && (!bias.defined() || bias.is_complex());
}

template <typename Conv>
Tensor complexConv(const Tensor& input, const Tensor& weight, const Tensor& bias, Conv&& conv) {
  auto re = [](const Tensor& t) { return complexReal(t).contiguous(); };
  auto im = [](const Tensor& t) { return select(view_as_real(t), -1, 1).contiguous(); };
  const Tensor none;
  const Tensor xr = re(input), xi = im(input), wr = re(weight), wi = im(weight);
  Tensor real = sub(conv(xr, wr, bias.defined() ? re(bias) : none), conv(xi, wi, none));
  Tensor imag = add(conv(xr, wi, bias.defined() ? im(bias) : none), conv(xi, wr, none));
  return view_as_complex(stack({real, imag}, -1));
}

template <typename Fn>
Tensor withBatch(const Tensor& input, int64_t spatial, const char* name, Fn&& fn) {
  if (checkBatched(input, spatial, name)) return fn(input);
  return fn(input.unsqueeze(0)).squeeze(0);
}

Tensor convNd(int64_t spatial, const char* name, const Tensor& input, const Tensor& weight, const Tensor& bias,
              IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  if (isComplexConv(input, weight, bias)) {
    return complexConv(input, weight, bias, [&](const Tensor& x, const Tensor& w, const Tensor& b) {
      return convNd(spatial, name, x, w, b, stride, padding, dilation, groups);
    });
  }
  return withBatch(input, spatial, name, [&](const Tensor& x) {
    return convolution(x, weight, bias, stride, padding, dilation, false, {0}, groups);
  });
}

Tensor convNdMode(int64_t spatial, const char* name, const Tensor& input, const Tensor& weight, const Tensor& bias,
                  IntArrayRef stride, std::string_view padding, IntArrayRef dilation, int64_t groups) {
  if (isComplexConv(input, weight, bias)) {
    return complexConv(input, weight, bias, [&](const Tensor& x, const Tensor& w, const Tensor& b) {
      return convNdMode(spatial, name, x, w, b, stride, padding, dilation, groups);
    });
  }
  return withBatch(input, spatial, name, [&](const Tensor& x) {
    return _convolution_mode(x, weight, bias, stride, padding, dilation, groups);
  });
}

Tensor convTransposeNd(int64_t spatial, const char* name, const Tensor& input, const Tensor& weight, const Tensor& bias,
                       IntArrayRef stride, IntArrayRef padding, IntArrayRef outputPadding, int64_t groups,
                       IntArrayRef dilation) {
  // PyTorch 1.13 computes complex transposed convolutions in 1-D only (2-D and 3-D raise).
  if (spatial == 1 && isComplexConv(input, weight, bias)) {
    return complexConv(input, weight, bias, [&](const Tensor& x, const Tensor& w, const Tensor& b) {
      return convTransposeNd(spatial, name, x, w, b, stride, padding, outputPadding, groups, dilation);
    });
  }
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
