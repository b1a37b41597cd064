// 1x1 convolutions (groups 1, no padding) as one GEMM per sample, or one for the whole batch in
// channels-last: no im2col copy, no layout reorders. With the spatial positions flattened to P,
//   NCHW: out[n] (O x P) = W (O x C) * X[n] (C x P)
//   NHWC: out (N*P x O)  = X (N*P x C) * W^T (C x O)
// and mixed layouts are the same products with transposed operands. A strided 1x1 convolution
// reads every stride-th position: those are copied out first (1/stride^2 of the input).
#include <algorithm>

#include "ember/tensor/ops/shape.h"
#include "ember/tensor/parallel.h"
#include "tensor/blas_backend.h"
#include "tensor/conv_utils.h"
#include "tensor/linear_onednn.h"
#include "tensor/nn_layout.h"

namespace ember::conv {

namespace {

// A tensor [N, C, *spatial] seen as N matrices of C x P (P the spatial positions): element
// (n, c, q) at n * batch + c * channel + q * position.
struct Flat {
  int64_t batch, channel, position;
};

// The strides of t as [N, C, P]; false when its spatial dims do not collapse into one stride.
bool flatten(const Tensor& t, Flat& f) {
  int64_t stride = 1, expect = -1;
  for (int64_t d = t.dim() - 1; d >= 2; --d) {
    if (t.size(d) == 1) continue;
    if (expect < 0)
      stride = t.stride(d);
    else if (t.stride(d) != expect)
      return false;
    expect = t.stride(d) * t.size(d);
  }
  f = {t.stride(0), t.stride(1), stride};
  return true;
}

// The rows x cols matrix with element (r, c) at data[r * rs + c * cs] as a BLAS operand: one
// unit stride and a leading dimension that covers the other extent (strides of size-1 extents
// do not matter). False when the strides do not allow that (zero or overlapping strides).
bool asOperand(const void* data, int64_t rows, int64_t cols, int64_t rs, int64_t cs, blas::ConstMatrix& m) {
  if (cols == 1) cs = 1;
  if (cs == 1 && (rows == 1 || rs >= cols)) {
    m = {data, rows == 1 ? cols : rs, false};
    return true;
  }
  if (rows == 1) rs = 1;
  if (rs == 1 && cs >= rows) {
    m = {data, cs, true};
    return true;
  }
  return false;
}

bool isPointwise(const ConvShape& s, const ConvParams& p) {
  if (p.transposed || p.groups != 1) return false;
  for (int i = 0; i < 3; ++i)
    if (s.kernel[i] != 1 || p.padL[i] != 0 || p.padR[i] != 0) return false;
  return true;
}

// The positions a strided 1x1 convolution reads, densely in the input's own layout.
Tensor subsample(const Tensor& input, const ConvParams& p) {
  Tensor x = input;
  for (int64_t d = 2; d < input.dim(); ++d) {
    const int64_t step = p.stride[3 - (input.dim() - d)];
    if (step != 1) x = x.slice(d, 0, std::nullopt, step);
  }
  return nn::denseIn(x, x.dim() >= 4 && nn::isChannelsLast(input));
}

// One GEMM call's worth of a pointwise convolution: C (rows x cols, leading dimension ldc) =
// A * B, run once per group of samples (one group for a folded channels-last batch).
struct Plan {
  blas::ConstMatrix a, b;
  int64_t rows, cols, inner, ldc;
  int64_t groups, aStep, bStep, cStep;  // per group, in elements
  bool rowsArePositions;                // C is out^T: bias runs along rows
};

// The product for these input/weight/output strides, if BLAS can take them as they are.
bool makePlan(const Tensor& input, const Tensor& weight, const Tensor& out, const ConvShape& s, Plan& plan) {
  Flat x, o;
  if (!flatten(input, x) || !flatten(out, o)) return false;
  const int64_t n = s.batch, c = s.inChannels, oc = s.outChannels, positions = s.out[0] * s.out[1] * s.out[2];
  const int64_t w0 = weight.stride(0), w1 = weight.stride(1);
  // Channels-last results: positions are rows, so a batch whose samples follow each other is one
  // product with n * positions rows.
  plan.rowsArePositions = o.channel == 1 && o.position != 1;
  if (plan.rowsArePositions) {
    const bool fold = n > 1 && o.batch == positions * o.position && x.batch == positions * x.position;
    plan.groups = fold ? 1 : n;
    plan.rows = fold ? n * positions : positions;
    plan.cols = oc;
    plan.ldc = plan.rows == 1 ? oc : o.position;
    plan.aStep = x.batch;
    plan.bStep = 0;
    // out^T (rows x O) = X^T (rows x C) * W^T (C x O)
    if (!asOperand(input.data_ptr(), plan.rows, c, x.position, x.channel, plan.a)) return false;
    if (!asOperand(weight.data_ptr(), c, oc, w1, w0, plan.b)) return false;
  } else {
    if (o.position != 1 && positions != 1) return false;
    plan.groups = n;
    plan.rows = oc;
    plan.cols = positions;
    plan.ldc = oc == 1 ? positions : o.channel;
    plan.aStep = 0;
    plan.bStep = x.batch;
    // out (O x P) = W (O x C) * X (C x P)
    if (!asOperand(weight.data_ptr(), oc, c, w0, w1, plan.a)) return false;
    if (!asOperand(input.data_ptr(), c, positions, x.channel, x.position, plan.b)) return false;
  }
  plan.inner = c;
  plan.cStep = o.batch;
  return true;
}

template <typename T>
void fillBias(T* out, const T* b, const Plan& plan) {
  if (plan.rowsArePositions) {
    for (int64_t r = 0; r < plan.rows; ++r) std::copy(b, b + plan.cols, out + r * plan.ldc);
  } else {
    for (int64_t r = 0; r < plan.rows; ++r) std::fill(out + r * plan.ldc, out + r * plan.ldc + plan.cols, b[r]);
  }
}

template <typename T>
void run(const Plan& plan, const Tensor& out, const Tensor& bias) {
  const T* b = bias.defined() ? bias.data_ptr<T>() : nullptr;
  T* o = out.data_ptr<T>();
  auto group = [&](int64_t i) {
    T* c = o + i * plan.cStep;
    if (b) fillBias<T>(c, b, plan);
    blas::ConstMatrix a = plan.a, bm = plan.b;
    a.data = static_cast<const T*>(a.data) + i * plan.aStep;
    bm.data = static_cast<const T*>(bm.data) + i * plan.bStep;
    blas::gemm(out.dtype(), plan.rows, plan.cols, plan.inner, 1, a, bm, b ? 1 : 0, c, plan.ldc);
  };
  if (plan.groups > 1 && get_num_threads() > 1 && !inParallelRegion()) {
    blas::prepareParallelCalls();
    parallelFor(0, plan.groups, 1, [&](int64_t i0, int64_t i1) {
      for (int64_t i = i0; i < i1; ++i) group(i);
    });
  } else {
    for (int64_t i = 0; i < plan.groups; ++i) group(i);
  }
}

// A 2-D channels-last product (positions as rows: out^T = X^T W^T) is a linear layer's, so it
// takes the packed linear route: oneDNN's matmul on the weights packed once (linear_onednn.h).
// Warm, one thread, Cascade Lake Xeon (2026-11-28), resnet50's 1x1 shapes as [P, C] x [C, O]:
// 3136x64x256 0.83 against 0.96 ms here on the GEMM, 784x128x512 0.78 against 0.93, 196x1024x256
// 0.81 against 0.94, 49x512x2048 0.98 against 1.19 (oneDNN's convolution). false when the route
// does not take it (first uses, other layouts).
bool packedChannelsLast(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias) {
  if (out.dim() != 4 || input.dim() != 4 || !weight.is_contiguous()) return false;
  const Tensor rows = input.permute({0, 2, 3, 1}), outRows = out.permute({0, 2, 3, 1});
  if (!rows.is_contiguous() || !outRows.is_contiguous()) return false;
  const int64_t c = input.size(1), o = out.size(1), n = outRows.numel() / o;
  return linalg::packedLinearInto(outRows.view({n, o}), rows.view({n, c}), weight.view({o, c}), bias);
}

}  // namespace

bool pointwiseConvolution(const Tensor& out, const Tensor& input0, const Tensor& weight0, const Tensor& bias,
                          const ConvParams& p, const ConvShape& s) {
  const ScalarType dtype = input0.dtype();
  if ((dtype != kFloat && dtype != kDouble) || !isPointwise(s, p)) return false;
  const bool strided = p.stride[0] != 1 || p.stride[1] != 1 || p.stride[2] != 1;
  Tensor input = strided ? subsample(input0, p) : input0, weight = weight0;
  Plan plan;
  if (!makePlan(input, weight, out, s, plan)) {
    // Odd strides (expanded, overlapping, sliced channels): dense copies in the result's layout.
    const bool channelsLast = out.dim() >= 4 && !out.is_contiguous();
    input = nn::denseIn(input, channelsLast);
    weight = weight.contiguous();
    if (!makePlan(input, weight, out, s, plan)) return false;
  }
  const Tensor b = bias.defined() ? bias.contiguous() : Tensor();
  if (dtype == kFloat && plan.rowsArePositions && packedChannelsLast(out, input, weight, b)) return true;
  if (dtype == kFloat)
    run<float>(plan, out, b);
  else
    run<double>(plan, out, b);
  return true;
}

}  // namespace ember::conv
