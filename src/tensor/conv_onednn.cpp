// float32 convolutions on oneDNN. Creating a primitive costs far more than running a small one,
// so primitives (and the reorders between ember's plain layouts and the blocked layouts oneDNN
// picks) are cached by shape, layout and thread count. Weights reordered into the blocked layout
// are cached too, per weight storage and its write version (onednn_weight_cache.h). Transposed
// convolutions stay on im2col.
#include <dnnl.hpp>
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "ember/tensor/parallel.h"
#include "tensor/blas_backend.h"
#include "tensor/conv_utils.h"
#include "tensor/conv_winograd_weights.h"
#include "tensor/kernels/stream_gemm_kernels.h"
#include "tensor/onednn_memory.h"

namespace ember::conv {

namespace {

using dnnl::memory;
using Tag = memory::format_tag;
using onednn::cpuEngine;
using onednn::scratch;
using onednn::weightsCacheable;
using onednn::weightsInLayout;


// A cached convolution with the reorders around it (absent when the plain layout is what the
// primitive wants).
struct Plan {
  bool winograd = false;  // oneDNN's Winograd kernels (winogradFits, winogradKind)
  bool postOps = true;    // the PostOp runs inside (Winograd lacks some: the caller applies them)
  int64_t dstBlock = 0;   // B when the primitive writes nChw<B>c for a channels-last output
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward conv;
  memory::desc userSrc, userWeights, userDst;
  std::unique_ptr<dnnl::reorder> srcReorder, weightsReorder, dstReorder;
  std::unique_ptr<onednn::ArgPool> args;  // the convolution primitive's (the reorders make their own)
};

onednn::PlanCache<Plan> gPlans;

memory::dims spatialDims(const Dims3& d, bool threeD) {
  return threeD ? memory::dims{d[0], d[1], d[2]} : memory::dims{d[1], d[2]};
}

memory::dims concat(memory::dims a, const memory::dims& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The implementation named `kind` ("wino_4x3", "wino_2x3") among the Winograd ones the
// descriptor offers; false when it is not one of them.
bool pickImplementation(dnnl::convolution_forward::primitive_desc& pd, std::string_view kind) {
  do {
    if (std::string_view(pd.impl_info_str()).find(kind) != std::string_view::npos) return true;
  } while (pd.next_impl());
  return false;
}

// Which Winograd kernels a shape that winogradFits takes (see there).
std::string_view winogradKind(const ConvShape& s) {
  return s.inChannels <= 128 && s.outChannels <= 128 ? "wino_4x3" : "wino_2x3";
}

std::shared_ptr<Plan> buildPlan(const ConvParams& p, const ConvShape& s, bool channelsLastIn, bool channelsLastOut,
                                bool hasBias, const PostOp& post, bool winograd) {
  const bool threeD = p.spatial == 3;
  const auto f32 = memory::data_type::f32;
  memory::dims src = concat({s.batch, s.inChannels}, spatialDims(s.in, threeD));
  memory::dims dst = concat({s.batch, s.outChannels}, spatialDims(s.out, threeD));
  memory::dims k = spatialDims(s.kernel, threeD);
  const int64_t g = p.groups;
  memory::dims weights =
      g == 1 ? concat({s.outChannels, s.inChannels}, k) : concat({g, s.outChannels / g, s.inChannels / g}, k);
  Tag plainSrc = threeD ? Tag::ncdhw : Tag::nchw;
  Tag srcTag = channelsLastIn ? Tag::nhwc : plainSrc;
  Tag dstTag = channelsLastOut ? Tag::nhwc : plainSrc;
  Tag wTag = threeD ? (g == 1 ? Tag::oidhw : Tag::goidhw) : (g == 1 ? Tag::oihw : Tag::goihw);
  memory::dims strides = spatialDims(p.stride, threeD), padL = spatialDims(p.padL, threeD),
               padR = spatialDims(p.padR, threeD), dil = spatialDims(p.dilation, threeD);
  for (auto& d : dil) d -= 1;  // oneDNN counts the holes

  auto plan = std::make_shared<Plan>();
  plan->userSrc = memory::desc(src, f32, srcTag);
  plan->userWeights = memory::desc(weights, f32, wTag);
  plan->userDst = memory::desc(dst, f32, dstTag);
  memory::desc biasMd({s.outChannels}, f32, Tag::x);
  // A batch norm's per-channel scale and shift (conv_utils.h), as binary post-ops' second inputs.
  memory::desc perChannel(concat({1, s.outChannels}, memory::dims(threeD ? 3 : 2, 1)), f32,
                          threeD ? Tag::abcde : Tag::abcd);
  auto primitiveDesc = [&](Tag srcLayout, dnnl::algorithm algorithm = dnnl::algorithm::convolution_direct,
                           bool withPostOps = true) {
    memory::desc anySrc(src, f32, srcLayout), anyW(weights, f32, Tag::any), anyDst(dst, f32, Tag::any);
    const auto prop = dnnl::prop_kind::forward_inference;
    auto desc = hasBias ? dnnl::convolution_forward::desc(prop, algorithm, anySrc, anyW, biasMd, anyDst, strides, dil,
                                                          padL, padR)
                        : dnnl::convolution_forward::desc(prop, algorithm, anySrc, anyW, anyDst, strides, dil, padL, padR);
    // A scratchpad per call (from ember's allocator) lets several threads run one cached primitive.
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    if (withPostOps && (post.algorithm != 0 || post.scale)) {
      dnnl::post_ops ops;
      if (post.scale) {
        ops.append_binary(dnnl::algorithm::binary_mul, perChannel);
        ops.append_binary(dnnl::algorithm::binary_add, perChannel);
      }
      if (post.algorithm != 0)
        ops.append_eltwise(1.0f, static_cast<dnnl::algorithm>(post.algorithm), post.alpha, post.beta);
      attr.set_post_ops(ops);
    }
    dnnl::convolution_forward::primitive_desc pd(desc, attr, cpuEngine());
    // Walked here, while `desc` lives: the iterator behind `pd` builds the next implementation's
    // descriptor from it (walked after it is gone, the F(4x4, 3x3) primitive crashed on creation).
    if (algorithm == dnnl::algorithm::convolution_winograd && !pickImplementation(pd, winogradKind(s)))
      return decltype(pd)();
    return pd;
  };
  if (winograd) {
    // Blocked activations only (no NHWC implementation): the plan reorders them in and out.
    // Its eltwise post-ops are relu-like ones; with another the activation runs after it.
    for (bool withPostOps : {true, false}) {
      try {
        plan->pd = primitiveDesc(Tag::any, dnnl::algorithm::convolution_winograd, withPostOps);
      } catch (const dnnl::error&) {
        continue;
      }
      if (plan->pd) {
        plan->winograd = true;
        plan->postOps = withPostOps;
        break;
      }
    }
  }
  if (!plan->winograd) {
    // A few input channels (an image's RGB) in NCHW: oneDNN's direct kernels read that layout as
    // it is; left to choose, it takes NHWC and a reorder (1x3x224x224 3x3 stride 2 -> 32: 0.17
    // against 0.32 ms; 7x7 -> 64: 1.29 against 1.48 ms; at 16 channels NCHW is slower). Unless
    // that leaves it only a reference implementation.
    const bool plainImage = g == 1 && s.inChannels <= 8 && !channelsLastIn && !threeD;
    plan->pd = primitiveDesc(plainImage ? plainSrc : Tag::any);
    if (plainImage && std::string_view(plan->pd.impl_info_str()).rfind("ref", 0) == 0)
      plan->pd = primitiveDesc(Tag::any);
  }
  plan->conv = dnnl::convolution_forward(plan->pd);
  auto& eng = cpuEngine();
  if (plan->pd.src_desc() != plan->userSrc)
    plan->srcReorder =
        std::make_unique<dnnl::reorder>(dnnl::reorder::primitive_desc(eng, plan->userSrc, eng, plan->pd.src_desc()));
  if (plan->pd.weights_desc() != plan->userWeights)
    plan->weightsReorder = std::make_unique<dnnl::reorder>(
        dnnl::reorder::primitive_desc(eng, plan->userWeights, eng, plan->pd.weights_desc()));
  if (plan->pd.dst_desc() != plan->userDst)
    plan->dstReorder =
        std::make_unique<dnnl::reorder>(dnnl::reorder::primitive_desc(eng, plan->pd.dst_desc(), eng, plan->userDst));
  onednn::ArgPool::Layouts layouts{{DNNL_ARG_SRC, plan->pd.src_desc()},
                                   {DNNL_ARG_WEIGHTS, plan->pd.weights_desc()},
                                   {DNNL_ARG_DST, plan->pd.dst_desc()}};
  if (hasBias) layouts.emplace_back(DNNL_ARG_BIAS, biasMd);
  if (post.scale && plan->postOps) {
    layouts.emplace_back(DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1, perChannel);
    layouts.emplace_back(DNNL_ARG_ATTR_MULTIPLE_POST_OP(1) | DNNL_ARG_SRC_1, perChannel);
  }
  plan->args = onednn::makeArgPool(std::move(layouts), plan->pd);
  if (plan->dstReorder && channelsLastOut && !threeD) {
    for (auto [tag, block] : {std::pair{Tag::nChw16c, 16}, std::pair{Tag::nChw8c, 8}})
      if (plan->pd.dst_desc() == memory::desc(dst, f32, tag)) plan->dstBlock = block;
  }
  return plan;
}

int64_t floatBits(float f) {
  int32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

std::shared_ptr<Plan> getPlan(const ConvParams& p, const ConvShape& s, bool clIn, bool clOut, bool hasBias,
                              int threads, const PostOp& post, bool winograd) {
  std::vector<int64_t> key{p.spatial, p.groups, s.batch, s.inChannels, s.outChannels, clIn, clOut, hasBias, threads,
                           post.algorithm, floatBits(post.alpha), floatBits(post.beta), post.scale != nullptr,
                           winograd};
  for (const Dims3* d : {&s.in, &s.kernel, &p.stride, &p.padL, &p.padR, &p.dilation})
    key.insert(key.end(), d->begin(), d->end());
  return gPlans.get(std::move(key), [&] { return buildPlan(p, s, clIn, clOut, hasBias, post, winograd); });
}

// The blocked weights a plan wants, into `holder`.
void blockedWeights(const Plan& plan, const Tensor& weight, bool cacheable, dnnl::stream& stream, Tensor& holder) {
  weightsInLayout(weight, plan.userWeights, plan.pd.weights_desc(), plan.weightsReorder.get(), cacheable, stream,
                  holder);
}

// 3x3 stride-1 convolutions of 16 to 512 channels (multiples of 16) at 14x14 and more take
// oneDNN's Winograd kernels. Up to 128 channels F(4x4, 3x3), a quarter of the direct kernels'
// multiplies: on the AVX-512 Xeon, one thread, one image, the primitive alone against the direct
// one on blocked layouts, 64 ch at 56x56 0.62 against 1.36 ms, 128 at 28x28 0.66 against 1.30;
// in resnet18, with the reorders from and to channels-last, those layers take about half the
// time. Above, F(2x2, 3x3), 4/9 of the multiplies and 16/9 of the weights (F(4x4, 3x3)'s would
// be 4x, read from memory each call): with the weights of a model cycling through the cache and
// the reorders, 256 ch at 14x14 1.00-1.08 against 1.43-1.49 ms, 512 at 14x14 3.7 against 5.7,
// 256 at 28x28 4.3 against 5.3 (oneDNN offers F(2x2, 3x3) for one image at a time; batches
// stay direct). At 7x7 Winograd is slower (512 ch: 2.1 against 1.38 ms). The transformed
// weights are ember's (conv_winograd_weights.h: 256x256x3x3 in ~1.8 ms, where oneDNN's reorder
// took 10-23) and cached like blocked ones; weights used before take these kernels, and
// 64-channel ones from their first use (winogradAtFirstUse). Results differ from the direct
// kernels' in the last bits (largest error against the direct result: 2.3e-6 of the largest
// output for F(4x4, 3x3) at 128 channels, 3.5e-6 for F(2x2, 3x3) at 512). An activation
// post-op runs inside them as in the direct kernels (so conv2d_fused's result has the bits of
// conv2d + relu_); per-channel binary ones (EMBER_BN_POSTOPS) they have not, and those stay
// direct. EMBER_CONV_WINOGRAD=0 keeps every convolution on the direct kernels.
std::atomic<bool> gWinograd{[] {
  const char* env = std::getenv("EMBER_CONV_WINOGRAD");
  return !(env && std::string_view(env) == "0");
}()};

bool winogradEnabled() { return gWinograd.load(std::memory_order_relaxed); }

bool winogradFits(const ConvParams& p, const ConvShape& s, const PostOp& post) {
  const Dims3 one{1, 1, 1}, pad{0, 1, 1};
  return p.spatial == 2 && p.groups == 1 && !p.transposed && s.kernel == Dims3{1, 3, 3} && p.stride == one &&
         p.dilation == one && p.padL == pad && p.padR == pad && s.inChannels % 16 == 0 && s.outChannels % 16 == 0 &&
         s.inChannels <= 512 && s.outChannels <= 512 && s.out[1] >= 14 && s.out[2] >= 14 && !post.scale;
}

// Winograd for weights not used before too, when transforming them costs less than the kernels
// save in one call: up to 64x64 channels (transform ~0.2 ms; 64 ch at 56x56 takes ~0.7 ms less
// than on the direct kernels). Larger ones wait for their second use, whose transform is then
// cached (128x128: ~0.75 ms for ~0.4 ms saved per call; 256x256: ~1.8 for ~0.4).
bool winogradAtFirstUse(const ConvShape& s) { return s.inChannels * s.outChannels <= 64 * 64; }

// Whether the plan's blocked result can go into `out` through the store epilogue: the terms
// only (no post-op inside to come before them), whole blocks of channels, a residual laid out
// as `out`, a pool the store can do.
bool storeFits(const Plan& plan, const StoreEpilogue* store, const PostOp& post, const Tensor& out) {
  if (!store || plan.dstBlock == 0) return false;
  if (post.algorithm != 0 || post.scale || out.size(1) % plan.dstBlock != 0) return false;
  return storeTermsFit(out, *store) && storeFitsPool(out, *store);
}

bool isNhwc(const Tensor& t) {
  if (t.dim() != 4) return false;
  const int64_t c = t.size(1), h = t.size(2), w = t.size(3);
  return t.stride(1) == 1 && t.stride(3) == c && t.stride(2) == w * c && t.stride(0) == h * w * c;
}

}  // namespace

bool setWinograd(bool enabled) { return gWinograd.exchange(enabled, std::memory_order_relaxed); }

Tensor streamPackedWeights(const Tensor& weight) {
  EMBER_CHECK(weight.dim() == 4 && weight.size(0) % kStreamPanel == 0 && weight.is_contiguous(),
              "streamPackedWeights: contiguous O x I x kh x kw weights with O a multiple of ", kStreamPanel);
  const memory::dims dims{weight.size(0), weight.size(1), weight.size(2), weight.size(3)};
  const auto f32 = memory::data_type::f32;
  dnnl::stream& stream = onednn::threadStream();
  Tensor holder;
  weightsInLayout(weight, memory::desc(dims, f32, Tag::oihw), memory::desc(dims, f32, Tag::Acdb64a), nullptr,
                  weightsCacheable(weight), stream, holder);
  stream.wait();
  return holder;
}

size_t builtPlanCount() { return gPlans.built(); }

bool onednnConvolution(const Tensor& out, const Tensor& input0, const Tensor& weight0, const Tensor& bias,
                       const ConvParams& p, const ConvShape& s, const PostOp& post, bool weightsReused,
                       bool* postApplied, StoreEpilogue* store) {
  if (p.transposed) return false;
  const bool clOut = !out.is_contiguous();
  const bool clIn = p.spatial == 2 && isNhwc(input0);
  Tensor input = clIn ? input0 : input0.contiguous();
  Tensor weight = weight0.contiguous();
  Tensor b = bias.defined() ? bias.contiguous() : Tensor();
  const int threads = blas::gemmThreads(2.0 * static_cast<double>(out.numel()) * s.kernel[0] * s.kernel[1] *
                                        s.kernel[2] * s.inChannels / p.groups);
  blas::setOnednnThreads(threads);
  std::shared_ptr<Plan> plan;
  try {
    // 1-D convolutions are 2-D ones with height 1 (the normalised shape already says so).
    const bool winograd =
        (weightsReused || winogradAtFirstUse(s)) && winogradEnabled() && winogradFits(p, s, post);
    plan = getPlan(p, s, clIn, clOut, b.defined(), threads, post, winograd);
  } catch (const dnnl::error&) {
    return false;  // no implementation for this shape: im2col handles it
  }
  auto& eng = cpuEngine();
  dnnl::stream& stream = onednn::threadStream();
  Tensor srcHold, wHold, dstHold, scratchHold;
  // Blocked copies of the activations when the primitive's layouts are not the tensors'.
  void* src = input.data_ptr();
  if (plan->srcReorder) {
    memory user(plan->userSrc, eng, input.data_ptr()), blocked = scratch(plan->pd.src_desc(), srcHold);
    plan->srcReorder->execute(stream, user, blocked);
    src = srcHold.data_ptr();
  }
  void* dst = plan->dstReorder ? scratch(plan->pd.dst_desc(), dstHold).get_data_handle() : out.data_ptr();
  // Only weights that are already contiguous can be cached: a copy made by contiguous() above
  // is a new storage each call.
  const bool cacheable = weightsCacheable(weight0);
  if (plan->weightsReorder) blockedWeights(*plan, weight, cacheable, stream, wHold);
  onednn::ArgPool::Lease args = plan->args->borrow();
  args.set(DNNL_ARG_SRC, src);
  args.set(DNNL_ARG_WEIGHTS, plan->weightsReorder ? wHold.data_ptr() : weight.data_ptr());
  args.set(DNNL_ARG_DST, dst);
  onednn::setScratchpad(args, scratchHold);
  if (b.defined()) args.set(DNNL_ARG_BIAS, b.data_ptr());
  if (post.scale && plan->postOps) {
    args.set(DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1, post.scale);
    args.set(DNNL_ARG_ATTR_MULTIPLE_POST_OP(1) | DNNL_ARG_SRC_1, post.shift);
  }
  plan->conv.execute(stream, args.args());
  const bool storeHere = storeFits(*plan, store, post, out);
  if (plan->dstReorder && !storeHere) {
    memory blocked(plan->pd.dst_desc(), eng, dst), user(plan->userDst, eng, out.data_ptr());
    plan->dstReorder->execute(stream, blocked, user);
  }
  stream.wait();
  if (storeHere) {
    storeBlocked(out, static_cast<const float*>(dst), plan->dstBlock, *store);
    store->applied = true;
  }
  setLastBackend(plan->winograd ? "onednn_winograd" : "onednn");
  if (postApplied) *postApplied = plan->postOps && (post.algorithm != 0 || post.scale);
  return true;
}

}  // namespace ember::conv
