// Pooling geometry and PyTorch 1.13's argument checks, messages included.
#include "tensor/pool_utils.h"

#include <sstream>

#include "ember/error.h"
#include "tensor/nn_layout.h"

namespace ember::pool {

namespace {

const char* countWord(int64_t spatial) { return spatial == 3 ? "three" : "two"; }

// One value for every spatial dim, or one per dim (the last `spatial` of the three).
Dims3 expand(IntArrayRef v, int64_t spatial, int64_t fill, Dims3 base) {
  for (int64_t i = 0; i < spatial; ++i) base[3 - spatial + i] = v.empty() ? fill : (v.size() == 1 ? v[0] : v[i]);
  return base;
}

bool oneOrN(IntArrayRef v, int64_t spatial) {
  return v.size() == 1 || static_cast<int64_t>(v.size()) == spatial;
}

// Sizes of the batch, channel and spatial dims; checks the rank PyTorch accepts.
void readInput(Geom& g, const Tensor& self, const char* op) {
  const int64_t nd = self.dim(), s = g.spatial;
  EMBER_CHECK(nd == s + 1 || nd == s + 2, "non-empty ", s + 1, "D or ", s + 2, "D (batch mode) tensor expected for input");
  g.batched = nd == s + 2;
  g.batch = g.batched ? self.size(0) : 1;
  g.channels = self.size(nd - s - 1);
  for (int64_t i = 0; i < s; ++i) g.in[3 - s + i] = self.size(nd - s + i);
  // 2-D pooling keeps a channels-last input's layout; PyTorch 1.13's 3-D pooling returns
  // contiguous results for channels_last_3d inputs.
  g.channelsLast = nd == s + 2 && s == 2 && nn::isChannelsLast(self);
  (void)op;
}

std::string dimsText(int64_t c, const Dims3& d, int64_t spatial) {
  std::ostringstream os;
  os << c;
  for (int64_t i = 3 - spatial; i < 3; ++i) os << "x" << d[i];
  return os.str();
}

// PyTorch's pool2d_shape_check / pool3d_shape_check.
void shapeCheck(const Geom& g, const Tensor& self) {
  const int64_t s = g.spatial;
  const Dims3 &k = g.kernel, &st = g.stride, &dl = g.dilation, &p = g.pad;
  if (s == 2) {
    EMBER_CHECK(k[1] > 0 && k[2] > 0, "kernel size should be greater than zero, but got kH: ", k[1], " kW: ", k[2]);
    EMBER_CHECK(st[1] > 0 && st[2] > 0, "stride should be greater than zero, but got dH: ", st[1], " dW: ", st[2]);
    EMBER_CHECK(dl[1] > 0 && dl[2] > 0, "dilation should be greater than zero, but got dilationH: ", dl[1],
                " dilationW: ", dl[2]);
  } else {
    EMBER_CHECK(k[0] > 0 && k[1] > 0 && k[2] > 0, "kernel size should be greater than zero, but got kT: ", k[0],
                " kH: ", k[1], " kW: ", k[2]);
    EMBER_CHECK(st[0] > 0 && st[1] > 0 && st[2] > 0, "stride should be greater than zero, but got dT: ", st[0],
                " dH: ", st[1], " dW: ", st[2]);
    EMBER_CHECK(dl[0] > 0 && dl[1] > 0 && dl[2] > 0, "dilation should be greater than zero, but got dilationT: ",
                dl[0], " dilationH: ", dl[1], " dilationW: ", dl[2]);
  }
  const int64_t nd = self.dim();
  bool nonEmpty = true;
  for (int64_t d = 1; d < nd; ++d) nonEmpty = nonEmpty && self.size(d) != 0;
  if (!g.batched) nonEmpty = nonEmpty && self.size(0) != 0;
  EMBER_CHECK(nonEmpty, "Expected ", s + 1, "D or ", s + 2,
              "D (batch mode) tensor with optional 0 dim batch size for input, but got:", self.sizes());
  for (int64_t i = 3 - s; i < 3; ++i)
    EMBER_CHECK(k[i] / 2 >= p[i], "pad should be smaller than or equal to half of kernel size, but got padW = ", p[2],
                ", padH = ", p[1], ", kW = ", k[2], ", kH = ", k[1]);
  bool positive = true;
  for (int64_t i = 3 - s; i < 3; ++i) positive = positive && g.out[i] >= 1;
  EMBER_CHECK(positive, "Given input size: (", dimsText(g.channels, g.in, s), "). Calculated output size: (",
              dimsText(g.channels, g.out, s), "). Output size is too small");
}

void computeOutput(Geom& g) {
  for (int64_t i = 3 - g.spatial; i < 3; ++i)
    g.out[i] = outputSize(g.in[i], g.kernel[i], g.pad[i], g.stride[i], g.dilation[i], g.ceilMode);
}

}  // namespace

DimVector Geom::outSizes() const {
  DimVector sizes;
  if (batched) sizes.push_back(batch);
  sizes.push_back(channels);
  for (int64_t i = 3 - spatial; i < 3; ++i) sizes.push_back(out[i]);
  return sizes;
}

int64_t outputSize(int64_t in, int64_t kernel, int64_t pad, int64_t stride, int64_t dilation, bool ceilMode) {
  EMBER_CHECK(stride != 0, "stride should not be zero");
  EMBER_CHECK(pad >= 0, "pad must be non-negative, but got pad: ", pad);
  EMBER_CHECK(pad <= kernel / 2, "pad should be at most half of kernel size, but got pad=", pad,
              " and kernel_size=", kernel);
  const int64_t num = in + 2 * pad - dilation * (kernel - 1) - 1 + (ceilMode ? stride - 1 : 0);
  // Division rounding towards negative infinity.
  int64_t q = num / stride;
  if ((num % stride != 0) && ((num < 0) != (stride < 0))) --q;
  int64_t out = q + 1;
  // The last window must start inside the input or its left padding.
  if (ceilMode && (out - 1) * stride >= in + pad) --out;
  return out;
}

Geom maxPoolGeom(const Tensor& self, int64_t spatial, IntArrayRef kernel, IntArrayRef stride, IntArrayRef padding,
                 IntArrayRef dilation, bool ceilMode) {
  const char* op = spatial == 3 ? "max_pool3d" : "max_pool2d";
  const char* n = countWord(spatial);
  EMBER_CHECK(oneOrN(kernel, spatial), op, ": kernel_size must either be a single int, or a tuple of ", n, " ints");
  EMBER_CHECK(stride.empty() || oneOrN(stride, spatial), op,
              ": stride must either be omitted, a single int, or a tuple of ", n, " ints");
  EMBER_CHECK(oneOrN(padding, spatial), op,
              spatial == 3 ? ": padding must either be a single int, or a tuple of " : ": padding must be either be a single int, or a tuple of ",
              n, " ints");
  EMBER_CHECK(oneOrN(dilation, spatial), op, ": dilation must be either a single int, or a tuple of ", n, " ints");
  Geom g;
  g.spatial = spatial;
  g.ceilMode = ceilMode;
  g.kernel = expand(kernel, spatial, 1, g.kernel);
  g.stride = stride.empty() ? g.kernel : expand(stride, spatial, 1, g.stride);
  g.pad = expand(padding, spatial, 0, g.pad);
  g.dilation = expand(dilation, spatial, 1, g.dilation);
  readInput(g, self, op);
  computeOutput(g);
  shapeCheck(g, self);
  return g;
}

Geom avgPoolGeom(const Tensor& self, int64_t spatial, IntArrayRef kernel, IntArrayRef stride, IntArrayRef padding,
                 bool ceilMode, std::optional<int64_t> divisorOverride) {
  const char* op = spatial == 3 ? "avg_pool3d" : "avg_pool2d";
  const char* n = countWord(spatial);
  EMBER_CHECK(oneOrN(kernel, spatial), op, ": kernel_size must either be a single int, or a tuple of ", n, " ints");
  EMBER_CHECK(stride.empty() || oneOrN(stride, spatial), op,
              ": stride must either be omitted, a single int, or a tuple of ", n, " ints");
  EMBER_CHECK(oneOrN(padding, spatial), op, ": padding must either be a single int, or a tuple of ", n, " ints");
  EMBER_CHECK(!divisorOverride || *divisorOverride != 0, "divisor must be not zero");
  Geom g;
  g.spatial = spatial;
  g.ceilMode = ceilMode;
  g.kernel = expand(kernel, spatial, 1, g.kernel);
  g.stride = stride.empty() ? g.kernel : expand(stride, spatial, 1, g.stride);
  g.pad = expand(padding, spatial, 0, g.pad);
  // avg_pool2d reads the channel dim at -3 before any rank check.
  if (spatial == 2) EMBER_CHECK(self.dim() >= 3, "Dimension out of range (expected to be in range of [", -self.dim(),
                                ", ", self.dim() - 1, "], but got -3)");
  readInput(g, self, op);
  computeOutput(g);
  if (spatial == 3)
    EMBER_CHECK(g.in[0] >= g.kernel[0] - g.pad[0] && g.in[1] >= g.kernel[1] - g.pad[1] &&
                    g.in[2] >= g.kernel[2] - g.pad[2],
                "input image (T: ", g.in[0], " H: ", g.in[1], " W: ", g.in[2], ") smaller than kernel size (kT: ",
                g.kernel[0], " kH: ", g.kernel[1], " kW: ", g.kernel[2], ")");
  shapeCheck(g, self);
  return g;
}

Geom adaptiveGeom(const Tensor& self, int64_t spatial, IntArrayRef outputSize, const char* op) {
  const int64_t s = spatial, nd = self.dim();
  EMBER_CHECK(static_cast<int64_t>(outputSize.size()) == s, op, ": output_size must be ", s);
  for (int64_t v : outputSize) {
    if (v >= 0) continue;
    std::ostringstream os;
    for (size_t i = 0; i < outputSize.size(); ++i) os << (i ? ", " : "") << outputSize[i];
    EMBER_ERROR(op, ": elements of output_size must be greater than or equal to 0 but received {", os.str(), "}");
  }
  for (int64_t d = 1; d < nd; ++d)
    EMBER_CHECK(self.size(d) != 0, op,
                "(): Expected input to have non-zero size for non-batch dimensions, but input has sizes ", self.sizes(),
                " with dimension ", d, " being empty");
  EMBER_CHECK(nd == s + 1 || nd == s + 2, op, "(): Expected ", s + 1, "D or ", s + 2, "D tensor, but got ",
              self.sizes());
  Geom g;
  g.spatial = s;
  readInput(g, self, op);
  for (int64_t i = 0; i < s; ++i) g.out[3 - s + i] = outputSize[i];
  return g;
}

void checkDimRange(const Tensor& self, const char* op) {
  EMBER_CHECK(self.dim() >= 2 && self.dim() <= 3, "Expected 2 to 3 dimensions, but got ", self.dim(),
              "-dimensional tensor for argument #1 'self' (while checking arguments for ", op, ")");
}

void check1d(const char* op, const char* arg, IntArrayRef v) {
  EMBER_CHECK(v.size() == 1, op, "() argument '", arg, "' should contain one int (got ", v.size(), ")");
}

}  // namespace ember::pool
