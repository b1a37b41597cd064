// The padding ops. Constant padding fills a new tensor and copies the (cropped) input into its
// interior; reflection, replication and circular padding map every output index of the padded
// dims to an input index (PyTorch's formulas, which also handle negative pads) and gather.
#include "ember/tensor/ops/pad.h"

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "complex_dispatch.h"
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"
#include "tensor/nn_layout.h"

namespace ember {

namespace {

enum class PadMode { Reflect, Replicate, Circular };

// Input index of output j along one dim of size `in` padded by (l, r).
int64_t sourceIndex(PadMode mode, int64_t j, int64_t in, int64_t l, int64_t r) {
  if (mode == PadMode::Circular) {
    // Negative pads crop first; positive pads then wrap around what is left (PyTorch's order).
    const int64_t cropL = std::max<int64_t>(0, -l), inner = in - cropL - std::max<int64_t>(0, -r);
    const int64_t pl = std::max<int64_t>(0, l);
    return cropL + ((j - pl) % inner + inner) % inner;
  }
  const int64_t iStart = std::max<int64_t>(0, -l), oStart = std::max<int64_t>(0, l);
  int64_t ip;
  if (mode == PadMode::Reflect) {
    if (j < l) ip = l * 2 - j;
    else if (j < in + l) ip = j;
    else ip = (in + l - 1) * 2 - j;
  } else {
    if (j < l) ip = l;
    else if (j < in + l) ip = j;
    else ip = in + l - 1;
  }
  return ip - oStart + iStart;
}

// Pads the last k dims of `self` (pads given last dim first, as PyTorch lists them).
Tensor gatherPad(const Tensor& self, IntArrayRef pad, int64_t k, PadMode mode) {
  const int64_t nd = self.dim();
  DimVector outSizes(self.sizes());
  std::array<std::vector<int64_t>, 3> maps;
  std::array<int64_t, 3> in{1, 1, 1}, out{1, 1, 1};
  for (int64_t i = 0; i < k; ++i) {
    const int64_t d = nd - 1 - i, slot = 2 - i;
    const int64_t l = pad[2 * i], r = pad[2 * i + 1];
    in[slot] = self.size(d);
    out[slot] = in[slot] + l + r;
    EMBER_CHECK(out[slot] >= 0, "Trying to create tensor with negative dimension ", out[slot], ": ", IntArrayRef(outSizes));
    outSizes[d] = out[slot];
    maps[slot].resize(static_cast<size_t>(out[slot]));
    for (int64_t j = 0; j < out[slot]; ++j) maps[slot][j] = sourceIndex(mode, j, in[slot], l, r);
  }
  for (int64_t s = 0; s < 3 - k; ++s) maps[s] = {0};
  Tensor result = empty(outSizes, self.dtype());
  if (result.numel() == 0) return result;
  const Tensor x = self.contiguous();
  const int64_t planes = result.numel() / (out[0] * out[1] * out[2]);
  const int64_t inPlane = in[0] * in[1] * in[2], outPlane = out[0] * out[1] * out[2];
  visitDtypeOrComplex(self.dtype(), [&]<typename T>() {
    const T* src = static_cast<const T*>(x.data_ptr());
    T* dst = static_cast<T*>(result.data_ptr());
    parallelFor(0, planes, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, outPlane)), [&](int64_t p0,
                                                                                                int64_t p1) {
      for (int64_t p = p0; p < p1; ++p) {
        const T* ip = src + p * inPlane;
        T* op = dst + p * outPlane;
        for (int64_t a = 0; a < out[0]; ++a)
          for (int64_t b = 0; b < out[1]; ++b) {
            const T* row = ip + (maps[0][a] * in[1] + maps[1][b]) * in[2];
            for (int64_t c = 0; c < out[2]; ++c) *op++ = row[maps[2][c]];
          }
      }
    });
  });
  return result;
}

std::string sizesText(const std::array<int64_t, 3>& v, int64_t k, bool commaBeforeW) {
  static const char* kNames[] = {"D", "H", "W"};
  std::string s;
  for (int64_t i = 3 - k; i < 3; ++i) {
    if (i > 3 - k) s += (i == 2 && commaBeforeW) ? ", " : " ";
    s += std::string(kNames[i]) + ": " + std::to_string(v[i]);
  }
  return s;
}

// Shared checks of reflection_pad{1,2,3}d.
void checkReflection(const Tensor& self, IntArrayRef padding, int64_t k) {
  EMBER_CHECK(static_cast<int64_t>(padding.size()) == 2 * k, "padding size is expected to be ", 2 * k);
  bool valid = self.dim() == k + 1 || self.dim() == k + 2;
  for (int64_t d = 1; valid && d < self.dim(); ++d) valid = self.size(d) != 0;
  if (valid && self.dim() == k + 1) valid = self.size(0) != 0;
  // 3-D reflection padding words the rank check as replication padding does.
  EMBER_CHECK(valid, k == 3 ? "Expected " : "", k + 1, "D or ", k + 2,
              k == 3 ? "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, "
                       "but got: "
                     : "D (batch mode) tensor expected for input, but got: ",
              self.sizes());
  static const char* kArg[] = {"Argument #4", "Argument #6", "Argument #8"};
  for (int64_t i = 0; i < k; ++i) {
    const int64_t d = self.dim() - 1 - i, l = padding[2 * i], r = padding[2 * i + 1];
    if (l < self.size(d) && r < self.size(d)) continue;
    // PyTorch names the input by its rank for 2-D padding and by its sizes otherwise.
    std::ostringstream input;
    if (k == 2) input << self.dim();
    else input << self.sizes();
    EMBER_ERROR(kArg[i], ": Padding size should be less than the corresponding input dimension, but got: padding (", l,
                ", ", r, ") at dimension ", d, " of input ", input.str());
  }
  std::array<int64_t, 3> in{1, 1, 1}, out{1, 1, 1};
  bool any = false;
  for (int64_t i = 0; i < k; ++i) {
    in[2 - i] = self.size(self.dim() - 1 - i);
    out[2 - i] = in[2 - i] + padding[2 * i] + padding[2 * i + 1];
    any = any || out[2 - i] >= 1;
  }
  EMBER_CHECK(any, "input (", sizesText(in, k, true), ")", k == 2 ? "" : " ", "is too small. Calculated output ",
              sizesText(out, k, false));
}

void checkReplication(const Tensor& self, IntArrayRef padding, int64_t k) {
  EMBER_CHECK(static_cast<int64_t>(padding.size()) == 2 * k, "padding size is expected to be ", 2 * k);
  bool valid = self.dim() == k + 1 || self.dim() == k + 2;
  for (int64_t d = 1; valid && d < self.dim(); ++d) valid = self.size(d) != 0;
  if (valid && self.dim() == k + 1) valid = self.size(0) != 0;
  EMBER_CHECK(valid, "Expected ", k + 1, "D or ", k + 2,
              "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: ",
              self.sizes());
  std::array<int64_t, 3> in{1, 1, 1}, out{1, 1, 1};
  bool any = false;
  for (int64_t i = 0; i < k; ++i) {
    in[2 - i] = self.size(self.dim() - 1 - i);
    out[2 - i] = in[2 - i] + padding[2 * i] + padding[2 * i + 1];
    any = any || out[2 - i] >= 1;
  }
  EMBER_CHECK(any, "input (", sizesText(in, k, k >= 2), k == 2 ? " " : "", ") is too small. Calculated output ",
              sizesText(out, k, false));
}

Tensor reflectionPad(const Tensor& self, IntArrayRef padding, int64_t k, const char* name) {
  checkReflection(self, padding, k);
  constexpr ScalarType kCFloat = ScalarType::ComplexFloat, kCDouble = ScalarType::ComplexDouble;
  if (k == 3) nn::checkDtypeIn(self.dtype(), {kHalf, kBFloat16, kFloat, kDouble, kCFloat, kCDouble}, name);
  else nn::checkDtypeIn(self.dtype(), {kFloat, kDouble, kCFloat, kCDouble}, name);
  return gatherPad(self, padding, k, PadMode::Reflect);
}

Tensor replicationPad(const Tensor& self, IntArrayRef padding, int64_t k, const char* name) {
  checkReplication(self, padding, k);
  nn::checkDtypeIn(self.dtype(), {kFloat, kDouble, ScalarType::ComplexFloat, ScalarType::ComplexDouble}, name);
  return gatherPad(self, padding, k, PadMode::Replicate);
}

}  // namespace

Tensor constant_pad_nd(const Tensor& self, IntArrayRef pad, const Scalar& value) {
  const int64_t n = static_cast<int64_t>(pad.size()), nd = self.dim();
  EMBER_CHECK(n % 2 == 0, "Length of pad must be even but instead it equals ", n);
  EMBER_CHECK(n <= nd * 2, "Length of pad should be no more than twice the number of dimensions of the input. Pad "
              "length is ", n, "while the input has ", nd, "dimensions.");
  const int64_t first = nd - n / 2;
  Tensor cropped = self;
  bool anyPositive = false;
  for (int64_t d = first; d < nd; ++d) {
    const int64_t l = pad[2 * (nd - d - 1)], r = pad[2 * (nd - d - 1) + 1];
    if (l < 0) cropped = cropped.narrow(d, -l, cropped.size(d) + l);
    anyPositive = anyPositive || l > 0;
    if (r < 0) cropped = cropped.narrow(d, 0, cropped.size(d) + r);
    anyPositive = anyPositive || r > 0;
  }
  if (!anyPositive) return cropped.clone();
  DimVector sizes(self.sizes());
  for (int64_t d = first; d < nd; ++d) {
    const int64_t l = pad[2 * (nd - d - 1)], r = pad[2 * (nd - d - 1) + 1];
    sizes[d] = self.size(d) + l + r;
    EMBER_CHECK(sizes[d] > 0, "The input size ", self.size(d), ", plus negative padding ", l, " and ", r,
                " resulted in a negative output size, which is invalid. Check dimension ", d, " of your input.");
  }
  Tensor out = nn::emptyIn(sizes, self.dtype(), nn::isChannelsLast(self));
  out.fill_(value);
  Tensor interior = out;
  for (int64_t d = first; d < nd; ++d) {
    const int64_t l = pad[2 * (nd - d - 1)], r = pad[2 * (nd - d - 1) + 1];
    if (l > 0) interior = interior.narrow(d, l, interior.size(d) - l);
    if (r > 0) interior = interior.narrow(d, 0, interior.size(d) - r);
  }
  interior.copy_(cropped);
  return out;
}

Tensor reflection_pad1d(const Tensor& self, IntArrayRef padding) {
  return reflectionPad(self, padding, 1, "reflection_pad1d");
}
Tensor reflection_pad2d(const Tensor& self, IntArrayRef padding) {
  return reflectionPad(self, padding, 2, "reflection_pad2d");
}
Tensor reflection_pad3d(const Tensor& self, IntArrayRef padding) {
  return reflectionPad(self, padding, 3, "reflection_pad3d");
}
Tensor replication_pad1d(const Tensor& self, IntArrayRef padding) {
  return replicationPad(self, padding, 1, "replication_pad1d_cpu");
}
Tensor replication_pad2d(const Tensor& self, IntArrayRef padding) {
  return replicationPad(self, padding, 2, "replication_pad2d_cpu");
}
Tensor replication_pad3d(const Tensor& self, IntArrayRef padding) {
  return replicationPad(self, padding, 3, "replication_pad3d_cpu");
}

Tensor _pad_circular(const Tensor& self, IntArrayRef pad) {
  const int64_t k = self.dim() - 2;
  EMBER_CHECK(static_cast<int64_t>(pad.size()) + 4 == self.dim() * 2, "Invalid padding size, expected ", k * 2,
              " but got ", pad.size());
  EMBER_CHECK(k >= 1 && k <= 3, "circular padding of ", k, " dims is not supported");
  for (int64_t i = 0; i < k; ++i) {
    const int64_t size = self.size(self.dim() - 1 - i), l = pad[2 * i], r = pad[2 * i + 1];
    EMBER_CHECK(l <= size && r <= size, "Padding value causes wrapping around more than once.");
    EMBER_CHECK(size + l + r >= 0, "Negative padding value is resulting in an empty dimension");
    EMBER_CHECK(size + std::min<int64_t>(l, 0) + std::min<int64_t>(r, 0) > 0 || size + l + r == 0,
                "Padding value causes wrapping around more than once.");
  }
  return gatherPad(self, pad, k, PadMode::Circular);
}

Tensor _pad_enum(const Tensor& self, IntArrayRef pad, int64_t mode, std::optional<double> value) {
  static const char* kModes[] = {"reflect", "replicate", "circular", "constant"};
  const int64_t n = static_cast<int64_t>(pad.size()), nd = self.dim();
  EMBER_CHECK(n % 2 == 0, "Padding length must be divisible by 2");
  EMBER_CHECK(n <= 2 * nd, "Padding length too large");
  if (mode == 3) return constant_pad_nd(self, pad, value.value_or(0.0));
  EMBER_CHECK(!value.has_value() || *value == 0 || mode < 0 || mode > 3, "Padding mode \"", kModes[mode],
              "\" doesn't take in value argument");
  const int64_t k = n / 2;
  EMBER_CHECK_KIND(NotImplemented, mode >= 0 && mode <= 2 && k >= 1 && k <= 3 && (nd == k + 1 || nd == k + 2),
                   "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now");
  if (mode == 2) return _pad_circular(self, pad);
  if (mode == 0) return k == 1 ? reflection_pad1d(self, pad) : k == 2 ? reflection_pad2d(self, pad)
                                                                      : reflection_pad3d(self, pad);
  return k == 1 ? replication_pad1d(self, pad) : k == 2 ? replication_pad2d(self, pad) : replication_pad3d(self, pad);
}

Tensor pad(const Tensor& self, IntArrayRef pad, std::string_view mode, std::optional<double> value) {
  int64_t m = -1;
  if (mode == "reflect") m = 0;
  else if (mode == "replicate") m = 1;
  else if (mode == "circular") m = 2;
  else if (mode == "constant") m = 3;
  EMBER_CHECK_KIND(NotImplemented, m >= 0, "Unrecognised padding mode ", mode);
  return _pad_enum(self, pad, m, value);
}

}  // namespace ember
