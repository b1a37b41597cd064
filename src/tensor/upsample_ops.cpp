// The upsampling ops: PyTorch 1.13's checks and output sizes (explicit sizes, or the `.vec`
// forms' scale factors: floor(size * factor), the factor then also defining the source
// positions), the layout of the result (channels-last in, channels-last out, except bicubic),
// and the plan handed to the separable kernel.
#include "ember/tensor/ops/upsample.h"

#include "tensor/nn_layout.h"
#include "tensor/upsample_utils.h"

namespace ember {

namespace {

using upsample::Mode;

// PyTorch's dtypes and kernel names (in dtype errors) per mode.
void checkModeDtype(Mode m, ScalarType t) {
  switch (m) {
    case Mode::Nearest: return nn::checkDtypeIn(t, {kByte, kBFloat16, kFloat, kDouble}, "compute_indices_weights_nearest");
    case Mode::NearestExact: return nn::checkDtypeIn(t, {kByte, kFloat, kDouble}, "compute_indices_weights_nearest");
    case Mode::Linear: return nn::checkDtypeIn(t, {kBFloat16, kFloat, kDouble}, "compute_indices_weights_linear");
    case Mode::Cubic: return nn::checkDtypeIn(t, {kBFloat16, kFloat, kDouble}, "compute_indices_weights_cubic");
  }
}

Tensor upsampleImpl(Mode mode, const Tensor& self, IntArrayRef outputSize, bool alignCorners,
                    std::array<std::optional<double>, 3> scales, int64_t spatial) {
  EMBER_CHECK(static_cast<int64_t>(outputSize.size()) == spatial, "It is expected output_size equals to ", spatial,
              ", but got size ", outputSize.size());
  EMBER_CHECK(self.dim() == spatial + 2, "It is expected input_size equals to ", spatial + 2, ", but got size ",
              self.dim());
  bool positive = true;
  for (int64_t i = 0; i < spatial; ++i) positive = positive && self.size(2 + i) > 0 && outputSize[i] > 0;
  if (!positive) {
    static const char* kNames[] = {"D", "H", "W"};
    std::string in, out;
    for (int64_t i = 0; i < spatial; ++i) {
      const char* n = kNames[3 - spatial + i];
      in += std::string(i ? ", " : "") + n + ": " + std::to_string(self.size(2 + i));
      out += std::string(i ? ", " : "") + n + ": " + std::to_string(outputSize[i]);
    }
    EMBER_ERROR("Input and output sizes should be greater than 0, but got input (", in, ") output (", out, ")");
  }
  bool nonEmpty = true;
  for (int64_t d = 1; d < self.dim(); ++d) nonEmpty = nonEmpty && self.size(d) != 0;
  EMBER_CHECK(nonEmpty, "Non-empty ", spatial + 2, "D data tensor expected but got a tensor with sizes ",
              self.sizes());
  checkModeDtype(mode, self.dtype());

  upsample::Plan p;
  p.mode = mode;
  p.batch = self.size(0);
  p.channels = self.size(1);
  p.in = {1, 1, 1};
  p.out = {1, 1, 1};
  for (int64_t i = 0; i < 3; ++i) p.taps[i] = upsample::identityTaps();
  for (int64_t i = 0; i < spatial; ++i) {
    const int64_t k = 3 - spatial + i;
    p.in[k] = self.size(2 + i);
    p.out[k] = outputSize[i];
    p.taps[k] = upsample::makeTaps(mode, p.in[k], p.out[k], alignCorners, scales[i], self.dtype());
  }
  p.channelsLast = mode != Mode::Cubic && nn::isChannelsLast(self);
  const Tensor x = nn::denseIn(self, p.channelsLast);
  DimVector sizes{p.batch, p.channels};
  for (int64_t i = 0; i < spatial; ++i) sizes.push_back(outputSize[i]);
  Tensor out = nn::emptyIn(sizes, self.dtype(), p.channelsLast);
  upsample::run(p, x, out);
  return out;
}

// The `.vec` forms: exactly one of output_size and scale_factors.
DimVector vecOutputSize(const Tensor& input, OptionalIntArrayRef outputSize, OptionalDoubleArrayRef scaleFactors,
                        int64_t spatial) {
  EMBER_CHECK(outputSize.has_value() != scaleFactors.has_value(),
              "Must specify exactly one of output_size and scale_factors");
  if (outputSize) {
    EMBER_CHECK(static_cast<int64_t>(outputSize->size()) == spatial,
                "Expected static_cast<int64_t>(output_size->size()) == spatial_dimensions to be true, but got false.");
    return DimVector(*outputSize);
  }
  EMBER_CHECK(static_cast<int64_t>(scaleFactors->size()) == spatial,
              "Expected static_cast<int64_t>(scale_factors->size()) == spatial_dimensions to be true, but got false.");
  EMBER_CHECK(input.dim() >= spatial + 2, "It is expected input_size equals to ", spatial + 2, ", but got size ",
              input.dim());
  DimVector sizes;
  for (int64_t i = 0; i < spatial; ++i)
    sizes.push_back(static_cast<int64_t>(static_cast<double>(input.size(2 + i)) * (*scaleFactors)[i]));
  return sizes;
}

std::array<std::optional<double>, 3> vecScales(OptionalDoubleArrayRef scaleFactors, int64_t spatial) {
  std::array<std::optional<double>, 3> s;
  if (scaleFactors)
    for (int64_t i = 0; i < spatial; ++i) s[i] = (*scaleFactors)[i];
  return s;
}

Tensor vecImpl(Mode mode, const Tensor& input, OptionalIntArrayRef outputSize, OptionalDoubleArrayRef scaleFactors,
               bool alignCorners, int64_t spatial) {
  const DimVector sizes = vecOutputSize(input, outputSize, scaleFactors, spatial);
  return upsampleImpl(mode, input, sizes, alignCorners, vecScales(scaleFactors, spatial), spatial);
}

}  // namespace

Tensor upsample_nearest1d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales) {
  return upsampleImpl(Mode::Nearest, self, output_size, false, {scales}, 1);
}
Tensor upsample_nearest2d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_h,
                          std::optional<double> scales_w) {
  return upsampleImpl(Mode::Nearest, self, output_size, false, {scales_h, scales_w}, 2);
}
Tensor upsample_nearest3d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_d,
                          std::optional<double> scales_h, std::optional<double> scales_w) {
  return upsampleImpl(Mode::Nearest, self, output_size, false, {scales_d, scales_h, scales_w}, 3);
}
Tensor _upsample_nearest_exact1d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales) {
  return upsampleImpl(Mode::NearestExact, self, output_size, false, {scales}, 1);
}
Tensor _upsample_nearest_exact2d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_h,
                                 std::optional<double> scales_w) {
  return upsampleImpl(Mode::NearestExact, self, output_size, false, {scales_h, scales_w}, 2);
}
Tensor _upsample_nearest_exact3d(const Tensor& self, IntArrayRef output_size, std::optional<double> scales_d,
                                 std::optional<double> scales_h, std::optional<double> scales_w) {
  return upsampleImpl(Mode::NearestExact, self, output_size, false, {scales_d, scales_h, scales_w}, 3);
}
Tensor upsample_linear1d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                         std::optional<double> scales) {
  return upsampleImpl(Mode::Linear, self, output_size, align_corners, {scales}, 1);
}
Tensor upsample_bilinear2d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                           std::optional<double> scales_h, std::optional<double> scales_w) {
  return upsampleImpl(Mode::Linear, self, output_size, align_corners, {scales_h, scales_w}, 2);
}
Tensor upsample_bicubic2d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                          std::optional<double> scales_h, std::optional<double> scales_w) {
  return upsampleImpl(Mode::Cubic, self, output_size, align_corners, {scales_h, scales_w}, 2);
}
Tensor upsample_trilinear3d(const Tensor& self, IntArrayRef output_size, bool align_corners,
                            std::optional<double> scales_d, std::optional<double> scales_h,
                            std::optional<double> scales_w) {
  return upsampleImpl(Mode::Linear, self, output_size, align_corners, {scales_d, scales_h, scales_w}, 3);
}

Tensor upsample_nearest1d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                              OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::Nearest, input, output_size, scale_factors, false, 1);
}
Tensor upsample_nearest2d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                              OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::Nearest, input, output_size, scale_factors, false, 2);
}
Tensor upsample_nearest3d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                              OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::Nearest, input, output_size, scale_factors, false, 3);
}
Tensor _upsample_nearest_exact1d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                                     OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::NearestExact, input, output_size, scale_factors, false, 1);
}
Tensor _upsample_nearest_exact2d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                                     OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::NearestExact, input, output_size, scale_factors, false, 2);
}
Tensor _upsample_nearest_exact3d_vec(const Tensor& input, OptionalIntArrayRef output_size,
                                     OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::NearestExact, input, output_size, scale_factors, false, 3);
}
Tensor upsample_linear1d_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                             OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::Linear, input, output_size, scale_factors, align_corners, 1);
}
Tensor upsample_bilinear2d_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                               OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::Linear, input, output_size, scale_factors, align_corners, 2);
}
Tensor upsample_bicubic2d_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                              OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::Cubic, input, output_size, scale_factors, align_corners, 2);
}
Tensor upsample_trilinear3d_vec(const Tensor& input, OptionalIntArrayRef output_size, bool align_corners,
                                OptionalDoubleArrayRef scale_factors) {
  return vecImpl(Mode::Linear, input, output_size, scale_factors, align_corners, 3);
}

}  // namespace ember
