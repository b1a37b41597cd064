// aten::convolution: parameter expansion and PyTorch 1.13's shape checks (same order and
// texts), output geometry and memory format, then the backend: GEMMs for 1x1 convolutions, the
// vectorised stencil for float32 depthwise ones, oneDNN for the other float32 ones, im2col + GEMM
// (or the templated depthwise stencil) for everything else.
#include <cstdlib>
#include <sstream>
#include <string>

#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/conv.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/shape.h"
#include "tensor/conv_utils.h"
#include "tensor/onednn_weight_cache.h"

namespace ember {

namespace conv {

namespace {
thread_local const char* tLastBackend = "none";
}

void setLastBackend(const char* name) { tLastBackend = name; }

}  // namespace conv

const char* lastConvolutionBackend() { return conv::tLastBackend; }

namespace {

using conv::ConvParams;
using conv::ConvShape;
using conv::Dims3;

std::string listString(IntArrayRef v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

// One value per spatial dim: a single value is repeated.
DimVector expandParam(IntArrayRef v, const char* name, int64_t dims) {
  if (static_cast<int64_t>(v.size()) == dims) return DimVector(v.begin(), v.end());
  EMBER_CHECK(v.size() == 1, "expected ", name, " to be a single integer value or a list of ", dims,
              " values to match the convolution dimensions, but got ", name, "=", listString(v));
  return DimVector(static_cast<size_t>(dims), v[0]);
}

// Right-aligned into three dims; the leading (absent) dims keep `fill`.
Dims3 toDims3(IntArrayRef v, int64_t fill) {
  Dims3 d{fill, fill, fill};
  size_t off = 3 - v.size();
  for (size_t i = 0; i < v.size(); ++i) d[off + i] = v[i];
  return d;
}

bool anyOf(IntArrayRef v, bool (*pred)(int64_t)) {
  for (int64_t x : v)
    if (pred(x)) return true;
  return false;
}

// PyTorch's is_channels_last_strides_2d: C innermost, then W, H, N.
bool isChannelsLast2d(const Tensor& t) {
  if (t.dim() != 4 || t.is_contiguous()) return false;
  IntArrayRef sizes = t.sizes(), strides = t.strides();
  static constexpr int64_t order[] = {1, 3, 2, 0};
  if (strides[1] == 0) return false;
  int64_t min = 0;
  for (int64_t d : order) {
    if (sizes[d] == 0 || strides[d] < min) return false;
    if (d == 0 && min == strides[1]) return false;
    min = strides[d];
    if (sizes[d] > 1) min *= sizes[d];
  }
  return true;
}

void checkOutputPadding(const ConvParams& p) {
  bool ok = true;
  for (int i = 3 - static_cast<int>(p.spatial); i < 3; ++i)
    ok = ok && (p.outputPadding[i] < p.stride[i] || p.outputPadding[i] < p.dilation[i]);
  if (ok) return;
  // 1-D transposed convolutions run as 2-D ones in PyTorch, so they report height and width.
  const char* names[] = {"depth", "height", "width"};
  int first = p.spatial == 3 ? 0 : 1;
  std::ostringstream os;
  os << "output padding must be smaller than either stride or dilation, but got";
  for (const char* what : {"output_padding", "stride", "dilation"}) {
    const Dims3& v = std::string_view(what) == "output_padding" ? p.outputPadding
                     : std::string_view(what) == "stride"       ? p.stride
                                                                : p.dilation;
    for (int i = first; i < 3; ++i) os << " " << what << "_" << names[i] << ": " << v[i];
  }
  EMBER_ERROR(os.str());
}

void checkShapes(const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvParams& p,
                 IntArrayRef padding, IntArrayRef outputPadding, IntArrayRef stride) {
  EMBER_CHECK(!anyOf(padding, [](int64_t x) { return x < 0; }), "negative padding is not supported");
  EMBER_CHECK(!anyOf(outputPadding, [](int64_t x) { return x < 0; }), "negative output_padding is not supported");
  EMBER_CHECK(!anyOf(stride, [](int64_t x) { return x <= 0; }), "non-positive stride is not supported");
  const int64_t k = weight.dim(), g = p.groups;
  EMBER_CHECK(input.dim() == k, "Expected ", k, "-dimensional input for ", k, "-dimensional weight ", weight.sizes(),
              ", but got ", input.dim(), "-dimensional input of size ", input.sizes(), " instead");
  EMBER_CHECK(weight.size(0) >= g, "Given groups=", g, ", expected weight to be at least ", g,
              " at dimension 0, but got weight of size ", weight.sizes(), " instead");
  EMBER_CHECK(weight.size(0) % g == 0, "Given groups=", g, ", expected weight to be divisible by ", g,
              " at dimension 0, but got weight of size [", weight.sizes(), "] instead");
  if (!p.transposed) {
    EMBER_CHECK(input.size(1) == weight.size(1) * g, "Given groups=", g, ", weight of size ", weight.sizes(),
                ", expected input", input.sizes(), " to have ", weight.size(1) * g, " channels, but got ",
                input.size(1), " channels instead");
    EMBER_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == weight.size(0)), "Given weight of size ",
                weight.sizes(), ", expected bias to be 1-dimensional with ", weight.size(0),
                " elements, but got bias of size ", bias.sizes(), " instead");
    bool fits = true;
    std::ostringstream padded, kernel;
    for (int64_t i = 2; i < k; ++i) {
      int64_t j = 3 - (k - i);
      int64_t in = input.size(i) + p.padL[j] + p.padR[j];
      int64_t ext = p.dilation[j] * (weight.size(i) - 1) + 1;
      fits = fits && in >= ext;
      padded << (i > 2 ? " x " : "") << in;
      kernel << (i > 2 ? " x " : "") << ext;
    }
    EMBER_CHECK(fits, "Calculated padded input size per channel: (", padded.str(), "). Kernel size: (", kernel.str(),
                "). Kernel size can't be greater than actual input size");
  } else {
    EMBER_CHECK(input.size(1) == weight.size(0), "Given transposed=1, weight of size ", weight.sizes(),
                ", expected input", input.sizes(), " to have ", weight.size(0), " channels, but got ", input.size(1),
                " channels instead");
    EMBER_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == weight.size(1) * g),
                "Given transposed=1, weight of size ", weight.sizes(), ", expected bias to be 1-dimensional with ",
                weight.size(1) * g, " elements, but got bias of size ", bias.sizes(), " instead");
    checkOutputPadding(p);
  }
}

// The element type names PyTorch's messages use (its TypeMeta names).
const char* typeMetaName(ScalarType t) {
  switch (t) {
    case ScalarType::Float:
      return "float";
    case ScalarType::Double:
      return "double";
    case ScalarType::Long:
      return "long int";
    case ScalarType::Int:
      return "int";
    case ScalarType::Short:
      return "short int";
    case ScalarType::Char:
      return "signed char";
    case ScalarType::Byte:
      return "unsigned char";
    case ScalarType::Bool:
      return "bool";
    case ScalarType::Half:
      return "c10::Half";
    case ScalarType::BFloat16:
      return "c10::BFloat16";
    default:
      return scalarTypeName(t);
  }
}

void checkDtypes(const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvParams& p) {
  EMBER_CHECK(input.dtype() == weight.dtype(), "expected scalar type ", input.dtype(), " but found ", weight.dtype());
  if (bias.defined()) {
    EMBER_CHECK(bias.dtype() == input.dtype(), "Input type (", typeMetaName(input.dtype()), ") and bias type (",
                typeMetaName(bias.dtype()), ") should be the same");
  }
  ScalarType t = input.dtype();
  if (p.transposed) {
    bool ok = t == kBFloat16 || t == kFloat || t == kDouble || t == kLong;
    if (!ok)
      throwUnsupportedDtype(p.spatial == 3 ? "slow_conv_transpose3d_out_cpu" : "slow_conv_transpose2d_out_cpu", t);
  } else if (t == ScalarType::Bool || t == ScalarType::Half || isComplexType(t)) {
    throwUnsupportedDtype(p.spatial == 3 ? "compute_columns3d" : "slow_conv2d_cpu", t);
  } else if (p.dilation[0] > 1 || p.dilation[1] > 1 || p.dilation[2] > 1) {
    // PyTorch's dilated kernels take only these dtypes.
    bool ok = t == kBFloat16 || t == kFloat || t == kDouble || t == kLong;
    if (!ok) throwUnsupportedDtype("slow_conv_dilated<>", t);
  }
}

ConvShape shapeOf(const Tensor& input, const Tensor& weight, const ConvParams& p) {
  ConvShape s;
  s.batch = input.size(0);
  s.inChannels = input.size(1);
  s.outChannels = p.transposed ? weight.size(1) * p.groups : weight.size(0);
  DimVector in(input.sizes().begin() + 2, input.sizes().end()), k(weight.sizes().begin() + 2, weight.sizes().end());
  s.in = toDims3(in, 1);
  s.kernel = toDims3(k, 1);
  for (int i = 0; i < 3; ++i) {
    if (p.transposed)
      s.out[i] = (s.in[i] - 1) * p.stride[i] - p.padL[i] - p.padR[i] + p.dilation[i] * (s.kernel[i] - 1) +
                 p.outputPadding[i] + 1;
    else
      s.out[i] = (s.in[i] + p.padL[i] + p.padR[i] - p.dilation[i] * (s.kernel[i] - 1) - 1) / p.stride[i] + 1;
  }
  return s;
}

Tensor allocateOutput(const ConvShape& s, const ConvParams& p, ScalarType dtype, bool channelsLast) {
  DimVector sizes{s.batch, s.outChannels};
  for (int i = 3 - static_cast<int>(p.spatial); i < 3; ++i) sizes.push_back(s.out[i]);
  if (!channelsLast) return empty(sizes, dtype);
  const int64_t c = sizes[1], h = sizes[2], w = sizes[3];
  return empty_strided(sizes, {h * w * c, 1, w * c, c}, dtype);
}

// EMBER_CONV=im2col keeps float32 off oneDNN and the float kernels (tests of the im2col path,
// benchmarks); EMBER_CONV=onednn sends every float32 convolution to oneDNN (A/B comparisons).
enum class Route { Auto, Onednn, Im2col };

Route routeFromEnv() {
  static const Route route = [] {
    const char* env = std::getenv("EMBER_CONV");
    std::string_view v = env ? env : "";
    return v == "im2col" ? Route::Im2col : v == "onednn" ? Route::Onednn : Route::Auto;
  }();
  return route;
}

// 1x1 float32 convolutions with few output positions and many weights run faster in oneDNN
// than as ember's GEMM once oneDNN's blocked copy of the weights is cached, so from their second
// use on (the first would pay the blocked copy and oneDNN's plan for one call; the GEMM streams the
// whole weight matrix for a right-hand side of a few dozen columns). Best of 3 runs each, 1 image,
// 1 thread, AVX-512 (2026-11-27, bench/conv_shapes.py shapes): 7x7 outputs 512->2048 0.89
// against 1.30 ms, 2048->512 0.91 against 1.05, 1152->192 0.19 against 0.27, 160->960 0.14
// against 0.19, 320->1280 0.45 against 0.50; 2x2 outputs 256->512 0.023 against 0.043. At 14x14
// the GEMM stays ahead (1024->256 1.01 against 1.13, 96->576 0.21 against 0.26, stride 2
// 512->1024 2.34 against 2.67), and further at 28x28.
bool preferOnednnPointwise(const Tensor& input, bool weightsReused, const ConvShape& s, const ConvParams& p) {
  if (input.dtype() != kFloat || p.groups != 1 || p.transposed || s.kernel != conv::Dims3{1, 1, 1} || !weightsReused)
    return false;
  const int64_t positions = s.batch * s.out[0] * s.out[1] * s.out[2];
  return positions >= 4 && positions <= 49 && s.inChannels * s.outChannels >= 48 * 1024;
}

// The float kernels of ember's own that beat oneDNN for their shapes: 1x1 convolutions as GEMMs
// on the tensors' own layouts (oneDNN reorders NCHW data to blocked layouts and back), depthwise
// ones as a vectorised stencil. true when one of them computed `out`.
bool ownFloatKernel(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                    bool weightsReused, const ConvParams& p, const ConvShape& s, conv::StoreEpilogue* store) {
  if (routeFromEnv() != Route::Auto) return false;
  if (conv::streamingConvolution(out, input, weight, bias, p, s, weightsReused)) {
    conv::setLastBackend("streaming");
    return true;
  }
  if (!preferOnednnPointwise(input, weightsReused, s, p) &&
      conv::pointwiseConvolution(out, input, weight, bias, p, s)) {
    conv::setLastBackend("pointwise");
    return true;
  }
  if (conv::depthwiseFloatConvolution(out, input, weight, bias, p, s, store)) {
    conv::setLastBackend("depthwise_vec");
    return true;
  }
  return false;
}

bool oneDimensional(const ConvShape& s) {
  return s.in[0] == 1 && s.in[1] == 1 && s.kernel[0] == 1 && s.kernel[1] == 1;
}

// The bytes of the columns matrix im2col builds for one sample and group of a 1-D convolution
// (conv_im2col.cpp).
int64_t columnsBytes(const ConvShape& s, const ConvParams& p) {
  return s.out[2] * (s.inChannels / p.groups) * s.kernel[2] * int64_t{4};
}

// Columns bounded so that a first call does not fault in more memory than the convolution is worth.
constexpr int64_t kMaxColumnsBytes = int64_t{64} << 20;

bool columnsFit(const ConvShape& s, const ConvParams& p) { return columnsBytes(s, p) <= kMaxColumnsBytes; }

// First uses of 1-D convolutions: oneDNN generates their kernels per output width, and that
// costs more than the convolution; im2col + GEMM needs no new kernels. Per kernel (first call
// against warm, one thread, Cascade Lake Xeon, ONEDNN_VERBOSE): 13-20 ms for each of
// wav2vec2's 512-channel layers at widths 799-3199; its positional convolution (768 channels
// in 16 groups, kernel 128, width 49) 53-72 ms against 4-5.5 warm, where im2col takes 17; its
// 1-channel stem (kernel 10, stride 5) 22-29 ms against 2.1 warm, 3.3-4.1 on im2col; its
// 512-channel layers at widths 99-399, 4-6 ms each over warm. wav2vec2's first call, 1 thread:
// 425 -> 255 ms when the long layers moved (2026-11-28); 310-448 -> 269-314 ms (4 alternating
// rounds, a busy machine) when the rest did (2026-11-29). Their plans are built on the second use.
bool firstUseOneDimensional(bool weightsReused, const ConvShape& s, const ConvParams& p) {
  return !weightsReused && oneDimensional(s) && columnsFit(s, p);
}

// Long, wide 1-D convolutions (audio front-ends) stay on im2col + GEMM after their first use:
// warm, with oneDNN's weights cached, one thread, Cascade Lake Xeon (2026-11-28), 512 channels
// k3 s2 at widths 3199, 1599 and 799 took 23-24, 21.6 and 12.0 ms as im2col + GEMM against
// 32-33, 28 and 15.3 on oneDNN; at 128 channels (width 1000) both 1.0 ms, at 64 (width 2000)
// oneDNN 0.43 against 0.67.
bool wideLongOneDimensional(const ConvShape& s, const ConvParams& p) {
  return p.groups == 1 && oneDimensional(s) && s.out[2] >= 256 && s.inChannels >= 256 &&
         s.batch * columnsBytes(s, p) <= kMaxColumnsBytes;
}

// float32 convolutions whose weights are large for the work done on them run faster as im2col +
// GEMM when oneDNN has to reorder the weights into its blocked layout on every call (9.4 MB for
// a 512x512x3x3 filter). Measured on the 7x7 outputs of ResNet's last stage, 1 image, 1 thread
// (AVX2): 2.3 ms against 2.8-3.3 ms for 512x512x3x3, 1.06 against 1.6 ms for 256->512 3x3 stride
// 2. With the blocked weights cached (the default for contiguous weights) oneDNN is ahead
// (AVX-512, 2026-11-27): 2.6 against 3.0-4.0 ms for 512x512x3x3 at 7x7, 1.16 against 1.6 ms for
// 256->512 stride 2, 0.56 against 1.05 ms for 512x512x3x3 at 2x2 (resnet18 on 64x64 images).
// So im2col takes them on their first use too, when oneDNN would reorder them for one call.
bool preferIm2col(bool weightsReused, const ConvShape& s, const ConvParams& p) {
  if (p.transposed) return false;
  if (firstUseOneDimensional(weightsReused, s, p) || wideLongOneDimensional(s, p)) return true;
  if (p.groups != 1 || weightsReused) return false;
  const int64_t positions = s.batch * s.out[0] * s.out[1] * s.out[2];
  const int64_t weights = s.outChannels * s.inChannels * s.kernel[0] * s.kernel[1] * s.kernel[2];
  return positions <= 64 && weights >= (int64_t{1} << 20);
}

// The padded/expanded parameters of a convolution whose padding may be asymmetric
// (padding='same'); `convolution` proper calls it with symmetric padding.
// With `post` (and `postApplied`), the oneDNN route applies that activation inside the
// convolution and says so; the other routes leave it to the caller. So with `store`
// (conv_utils.h's StoreEpilogue).
Tensor convolutionImpl(const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvParams& p,
                       IntArrayRef padding, IntArrayRef outputPadding, IntArrayRef stride,
                       const conv::PostOp& post = {}, bool* postApplied = nullptr,
                       conv::StoreEpilogue* store = nullptr) {
  checkShapes(input, weight, bias, p, padding, outputPadding, stride);
  checkDtypes(input, weight, bias, p);
  // Noted when the call ends, whichever way it returns: within it the routing and the weight
  // cache see the earlier uses only.
  struct NoteUse {
    const Tensor& weight;
    ~NoteUse() {
      try {
        if (weight.dtype() == kFloat) onednn::noteWeightsUsed(weight);
      } catch (...) {  // a destructor, maybe during unwinding: the note is only a hint
      }
    }
  } noteUse{weight};
  ConvShape s = shapeOf(input, weight, p);
  const bool channelsLast = p.spatial == 2 && !p.transposed && (isChannelsLast2d(input) || isChannelsLast2d(weight));
  Tensor out = allocateOutput(s, p, input.dtype(), channelsLast);
  if (out.numel() == 0) return out;
  // Whether a convolution used these weights before (the first use takes routes that need no
  // blocked copy or oneDNN plan), asked once per call.
  const bool weightsReused = input.dtype() == kFloat && onednn::weightsUsedBefore(weight);
  if ((input.dtype() == kFloat || input.dtype() == kDouble) &&
      ownFloatKernel(out, input, weight, bias, weightsReused, p, s, store))
    return out;
  if (input.dtype() == kFloat && routeFromEnv() != Route::Im2col &&
      !(routeFromEnv() == Route::Auto && preferIm2col(weightsReused, s, p)) &&
      conv::onednnConvolution(out, input, weight, bias, p, s, post, weightsReused, postApplied, store)) {
    return out;
  }
  const bool depthwise = conv::isDepthwise(s, p);
  conv::setLastBackend(depthwise ? "depthwise" : "im2col");
  Tensor dst = channelsLast ? empty(out.sizes(), out.dtype()) : out;
  if (depthwise)
    conv::depthwiseConvolution(dst, input.contiguous(), weight.contiguous(), bias.defined() ? bias.contiguous() : bias,
                               p, s);
  else if (p.transposed)
    conv::im2colTransposedConvolution(dst, input.contiguous(), weight.contiguous(), bias, p, s);
  else
    conv::im2colConvolution(dst, input.contiguous(), weight.contiguous(), bias, p, s);
  if (channelsLast) out.copy_(dst);
  return out;
}

ConvParams makeParams(const Tensor& weight, IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation,
                      bool transposed, IntArrayRef outputPadding, int64_t groups, DimVector& strideOut,
                      DimVector& padOut, DimVector& outPadOut) {
  EMBER_CHECK(weight.dim() >= 3, "weight should have at least three dimensions");
  EMBER_CHECK(weight.dim() <= 5, "ember supports 1-D, 2-D and 3-D convolutions, got a ", weight.dim(),
              "-dimensional weight");
  const int64_t dims = weight.dim() - 2;
  ConvParams p;
  p.spatial = dims;
  p.transposed = transposed;
  p.groups = groups;
  strideOut = expandParam(stride, "stride", dims);
  padOut = expandParam(padding, "padding", dims);
  DimVector dil = expandParam(dilation, "dilation", dims);
  outPadOut = expandParam(outputPadding, "output_padding", dims);
  EMBER_CHECK(groups > 0, "non-positive groups is not supported");
  EMBER_CHECK(!anyOf(dil, [](int64_t x) { return x <= 0; }), "dilation should be greater than zero, but got ",
              listString(dil));
  p.stride = toDims3(strideOut, 1);
  p.padL = p.padR = toDims3(padOut, 0);
  p.dilation = toDims3(dil, 1);
  p.outputPadding = toDims3(outPadOut, 0);
  return p;
}

}  // namespace

Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                   IntArrayRef padding, IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                   int64_t groups) {
  DimVector s, pad, outPad;
  ConvParams p = makeParams(weight, stride, padding, dilation, transposed, output_padding, groups, s, pad, outPad);
  return convolutionImpl(input, weight, bias, p, pad, outPad, s);
}

namespace conv {

Tensor conv2dWithPostOp(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                        IntArrayRef padding, IntArrayRef dilation, int64_t groups, const PostOp& post,
                        bool& applied, StoreEpilogue* store) {
  applied = false;
  // conv2d's unbatched (3-D) input and its checks stay with conv2d itself.
  if (input.dim() != 4 || weight.dim() != 4) return conv2d(input, weight, bias, stride, padding, dilation, groups);
  DimVector s, pad, outPad;
  ConvParams p = makeParams(weight, stride, padding, dilation, false, {0}, groups, s, pad, outPad);
  return convolutionImpl(input, weight, bias, p, pad, outPad, s, post, &applied, store);
}

}  // namespace conv

Tensor _convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                    IntArrayRef padding, IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                    int64_t groups, bool, bool, bool, bool) {
  return convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups);
}

Tensor _convolution_mode(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                         std::string_view padding, IntArrayRef dilation, int64_t groups) {
  if (padding == "valid") return convolution(input, weight, bias, stride, {0}, dilation, false, {0}, groups);
  EMBER_CHECK(padding == "same", "Invalid padding string: '", padding, "'");
  DimVector s, pad, outPad;
  ConvParams p = makeParams(weight, stride, {0}, dilation, false, {0}, groups, s, pad, outPad);
  EMBER_CHECK(!anyOf(s, [](int64_t x) { return x != 1; }), "padding='same' is not supported for strided convolutions");
  // Total padding dilation * (k - 1); the odd element goes on the right, as PyTorch pads.
  for (int64_t i = 0; i < p.spatial; ++i) {
    int j = static_cast<int>(3 - p.spatial + i);
    int64_t total = p.dilation[j] * (weight.size(2 + i) - 1);
    p.padL[j] = total / 2;
    p.padR[j] = total - total / 2;
  }
  return convolutionImpl(input, weight, bias, p, pad, outPad, s);
}

}  // namespace ember
