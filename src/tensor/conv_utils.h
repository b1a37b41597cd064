// Shared pieces of the conv family: checked, normalised parameters and the two backends.
// Spatial dims are normalised to three (D, H, W): a 1-D convolution is a 3-D one with two
// leading size-1 dims, kernel 1, stride 1, no padding.
#pragma once

#include <array>
#include <optional>

#include "ember/tensor/tensor.h"
#include "tensor/kernels/affine_epilogue_kernels.h"

namespace ember::conv {

using Dims3 = std::array<int64_t, 3>;

struct ConvParams {
  int64_t spatial = 2;  // 1, 2 or 3
  Dims3 stride{1, 1, 1}, padL{0, 0, 0}, padR{0, 0, 0}, dilation{1, 1, 1}, outputPadding{0, 0, 0};
  int64_t groups = 1;
  bool transposed = false;
};

// Sizes with spatial dims normalised to three.
struct ConvShape {
  int64_t batch, inChannels, outChannels;
  Dims3 in, kernel, out;
};

// out[N, O, *out] from input [N, C, *in] and weight; both backends write into a contiguous
// NC(D)HW result. `out` is allocated by the caller (undefined bias: none).
void im2colConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                       const ConvParams& p, const ConvShape& s);
void im2colTransposedConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                                 const ConvParams& p, const ConvShape& s);

// Depthwise (groups == input channels): a direct stencil per channel, every dtype.
bool isDepthwise(const ConvShape& s, const ConvParams& p);
void depthwiseConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                          const ConvParams& p, const ConvShape& s);

// float32 depthwise convolutions (1-D and 2-D, dilation 1, contiguous result) with the vectorised
// plane kernels of kernels/depthwise_kernels.h; false when the shape is not one of those. With
// `store` (no pool), each output plane gets the store's terms as soon as it is computed, while
// it is in cache, and `store->applied` says so.
struct StoreEpilogue;
bool depthwiseFloatConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                               const ConvParams& p, const ConvShape& s, StoreEpilogue* store = nullptr);

// float32/float64 1x1 convolutions (groups 1, no padding, any stride) as GEMMs on the tensors'
// own layouts (conv_pointwise.cpp); false when the shape is not one.
bool pointwiseConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                          const ConvParams& p, const ConvShape& s);

// float32 2-D convolutions with large weights and few output positions (ResNet's last stage)
// as im2col + the weight-streaming GEMM of kernels/stream_gemm_kernels.h, on channels-last
// activations with the packed weights cached (conv_streaming.cpp); false when the shape, layout
// or CPU is not one it takes, or the weights are new (`weightsReused` false).
bool streamingConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                          const ConvParams& p, const ConvShape& s, bool weightsReused);
// Whether those convolutions may take it (default: yes, unless EMBER_CONV_STREAMING=0); returns
// the previous setting. For tests and benchmarks comparing it with oneDNN.
bool setStreamingConvolution(bool enabled);
// The weights packed for that GEMM (O x I x kh x kw as [O/64][kh][kw][I][64], oneDNN's Acdb64a),
// from the cache of blocked weights (onednn_weight_cache.h): made on a miss, kept from the second use.
Tensor streamPackedWeights(const Tensor& weight);

// An activation oneDNN applies inside the convolution (an eltwise post-op): `algorithm` is a
// dnnl_alg_kind_t value, 0 for none; alpha/beta its parameters (clip's bounds).
// `scale` and `shift` (outChannels floats each, or null) put an evaluation batch norm before the
// activation: out = act(conv * scale[c] + shift[c]) (per-channel binary post-ops).
struct PostOp {
  int algorithm = 0;
  float alpha = 0, beta = 0;
  const float* scale = nullptr;
  const float* shift = nullptr;
};

// An evaluation batch norm's per-channel terms, a residual and a clamp that a convolution's
// result gets in the pass that moves oneDNN's blocked result (nChw16c, nChw8c) into the
// channels-last output: out = clamp(conv * scale[c] + shift[c] + residual). That pass is there
// anyway where oneDNN's kernels want blocked activations (the Winograd kernels, the NCHW image
// stem), and the batch norm then costs no pass of its own. The convolution sets `applied` when
// it did so; otherwise (other routes, layouts or dtypes) the caller applies the terms.
//
// With `pool` (and no residual), the store max-pools the clamped result as aten::max_pool2d
// with those arguments would, into `pooled` (channels-last), and leaves the convolution's
// output unwritten: resnet's stem (conv, batch norm, relu, 3x3 max pool) then writes and reads
// back no full-size activation. The arguments must outlive the call.
struct MaxPoolArgs {
  IntArrayRef kernel, stride, padding, dilation;
  bool ceilMode = false;
};

struct StoreEpilogue {
  affine_epilogue::Terms terms;
  Tensor residual;  // undefined, or float32 of the output's sizes and strides
  bool applied = false;
  const MaxPoolArgs* pool = nullptr;
  Tensor pooled{};  // the pooled result, when `applied` with `pool`
};

// The store itself (conv_store_epilogue.cpp): oneDNN's blocked result (nChw<B>c, one image after
// another) of a convolution whose output is the dense channels-last `out`, into `out` with the
// store's terms, or max-pooled into a new `store.pooled`.
bool storeFitsPool(const Tensor& out, const StoreEpilogue& store);
// Whether the store has its terms (scale and shift) and its residual, if any, is float32 laid
// out as `out`.
bool storeTermsFit(const Tensor& out, const StoreEpilogue& store);
void storeBlocked(const Tensor& out, const float* blocked, int64_t B, StoreEpilogue& store);

// float32 through oneDNN; false when this shape/layout is left to im2col. `out` may be
// contiguous or channels-last (the layout oneDNN then writes). With `post`, the activation is
// applied inside the convolution, which `postApplied` (if given) confirms: the Winograd kernels
// that `weightsReused` (a convolution used these weights before) lets 3x3 stride-1 shapes take
// lack some activations, which the caller then applies. Their transformed weights are cached.
// With `store`, see StoreEpilogue.
bool onednnConvolution(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias,
                       const ConvParams& p, const ConvShape& s, const PostOp& post = {}, bool weightsReused = false,
                       bool* postApplied = nullptr, StoreEpilogue* store = nullptr);

// aten::conv2d whose result also has `post` applied when the routed backend is oneDNN;
// `applied` says whether it was (otherwise the caller applies the activation). With `store`,
// its terms too when `store->applied` says so.
Tensor conv2dWithPostOp(const Tensor& input, const Tensor& weight, const Tensor& bias, IntArrayRef stride,
                        IntArrayRef padding, IntArrayRef dilation, int64_t groups, const PostOp& post,
                        bool& applied, StoreEpilogue* store = nullptr);

// Whether reused 3x3 weights may take oneDNN's Winograd kernels (default: yes, unless
// EMBER_CONV_WINOGRAD=0); returns the previous setting. For tests comparing kernels bit for bit.
bool setWinograd(bool enabled);

// Convolution plans (primitive with its reorders) built by this process so far: a call that finds
// its plan cached adds nothing (for tests; onednn::weightReorderCount counts the weights).
size_t builtPlanCount();

void setLastBackend(const char* name);

}  // namespace ember::conv
