// Linear layers on oneDNN's matmul primitive with packed weights (linear_onednn.h).
//
// A GEMM library called per product (dnnl_sgemm, OpenBLAS) copies the weight matrix into its
// panel layout on every call; a layer's weights are the same every call, so here they are copied
// once into the layout the matmul primitive's kernels read and kept (onednn_weight_cache.h, from
// their second use, as convolutions' are, or at load: prepackLinearWeight, jit::prepack_weights).
// Single-threaded on the Cascade Lake Xeon, products of the model zoo's shapes against
// dnnl_sgemm (2026-11-28, weights hot): M=64 K=256 N=768 191 against 240 us, M=64 K=1024 N=256
// 257 against 392, M=49 K=3072 N=768 2.19 against 3.92 ms, M=197 K=3072 N=768 7.4 against
// 9.4-9.8 ms, M=197 K=768 N=2304 5.7-6.0 against 6.4-6.7 ms.
// Primitives are cached per shape and thread count, as convolution plans are.
#include "tensor/linear_onednn.h"

#include <dnnl.hpp>

#include <memory>
#include <vector>

#include "ember/tensor/ops/factory.h"
#include "tensor/blas_backend.h"
#include "tensor/onednn_memory.h"

namespace ember::linalg {

namespace {

using dnnl::memory;
using Tag = memory::format_tag;

// Below this many multiply-adds the primitive's fixed cost (a few microseconds) is not paid back.
constexpr double kMinMacs = 64.0 * 64 * 64;
// The rows prepackLinearWeight describes a product with (any would do, see there).
constexpr int64_t kPrepackRows = 64;

struct Plan {
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul matmul;
  memory::desc userWeights;  // W^T as [K, N] over W's row-major [N, K]
  std::unique_ptr<dnnl::reorder> weightsReorder;
  std::unique_ptr<onednn::ArgPool> args;
};

onednn::PlanCache<Plan> gPlans;
// A plan is built on the second call of its shape: a shape seen once (the rows of a decoder loop
// growing every step) would pay a primitive for one product.
onednn::SeenKeys gSeen;

// The argument the epilogue's residual is passed as (its only post-op).
constexpr int kResidualArg = DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1;

// W^T as [K, N] over W's row-major [N, K]: the weights as a linear layer holds them.
memory::desc userWeightsDesc(int64_t k, int64_t n) { return memory::desc({k, n}, memory::data_type::f32, Tag::ba); }

// The product of m x k rows by the k x n weights (in the layout oneDNN picks), with a bias row
// and the residual post-op when asked.
dnnl::matmul::primitive_desc describeProduct(int64_t m, int64_t k, int64_t n, bool hasBias, bool residual) {
  const auto f32 = memory::data_type::f32;
  memory::desc src({m, k}, f32, Tag::ab), anyWeights({k, n}, f32, Tag::any), dst({m, n}, f32, Tag::ab);
  // A scratchpad per call (from ember's allocator) lets several threads run one cached primitive.
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  // The residual, added to the biased product as the unfused add_ would add it. (A relu post-op
  // is left out: oneDNN's turns NaN into 0, where aten::relu keeps it.)
  if (residual) {
    dnnl::post_ops ops;
    ops.append_binary(dnnl::algorithm::binary_add, dst);
    attr.set_post_ops(ops);
  }
  auto desc = hasBias ? dnnl::matmul::desc(src, anyWeights, memory::desc({1, n}, f32, Tag::ab), dst)
                      : dnnl::matmul::desc(src, anyWeights, dst);
  return dnnl::matmul::primitive_desc(desc, attr, onednn::cpuEngine());
}

std::shared_ptr<Plan> buildPlan(int64_t m, int64_t k, int64_t n, bool hasBias, bool residual) {
  auto plan = std::make_shared<Plan>();
  plan->pd = describeProduct(m, k, n, hasBias, residual);
  plan->matmul = dnnl::matmul(plan->pd);
  plan->userWeights = userWeightsDesc(k, n);
  const memory::desc dst = plan->pd.dst_desc();
  onednn::ArgPool::Layouts layouts{
      {DNNL_ARG_SRC, plan->pd.src_desc()}, {DNNL_ARG_WEIGHTS, plan->pd.weights_desc()}, {DNNL_ARG_DST, dst}};
  if (hasBias) layouts.emplace_back(DNNL_ARG_BIAS, plan->pd.bias_desc());
  if (residual) layouts.emplace_back(kResidualArg, dst);
  plan->args = onednn::makeArgPool(std::move(layouts), plan->pd);
  if (plan->pd.weights_desc() != plan->userWeights) {
    auto& eng = onednn::cpuEngine();
    plan->weightsReorder = std::make_unique<dnnl::reorder>(
        dnnl::reorder::primitive_desc(eng, plan->userWeights, eng, plan->pd.weights_desc()));
  }
  return plan;
}

// A product's shape as the plans are keyed.
struct Shape {
  int64_t m, k, n;
  bool hasBias;
  int threads;
  std::vector<int64_t> key() const { return {m, k, n, hasBias, threads}; }
};

// The plan's key: the shape's and whether a residual is added.
std::vector<int64_t> planKey(const Shape& s, const LinearEpilogue& e) {
  std::vector<int64_t> key = s.key();
  key.push_back(e.residual.defined());
  return key;
}

Shape shapeOf(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  const int64_t k = weight.size(1), n = weight.size(0), m = input.numel() / k;
  return {m, k, n, bias.defined(), blas::gemmThreads(static_cast<double>(m) * n * k)};
}

std::shared_ptr<Plan> getPlan(const Shape& s, const LinearEpilogue& e) {
  return gPlans.get(planKey(s, e),
                    [&] { return buildPlan(s.m, s.k, s.n, s.hasBias, e.residual.defined()); });
}

// The product's operands as this route takes them, before asking about the weights' history.
bool shapeFits(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  if (input.dtype() != kFloat || weight.dtype() != kFloat || input.dim() < 2 || weight.dim() != 2) return false;
  if (blas::gemmRoute() != blas::GemmRoute::Auto) return false;
  const int64_t k = weight.size(1), n = weight.size(0);
  if (input.size(-1) != k || k == 0 || n == 0) return false;
  if (bias.defined() && (bias.dtype() != kFloat || bias.dim() != 1 || bias.size(0) != n)) return false;
  const int64_t m = input.numel() / k;
  return m >= 2 && static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k) >= kMinMacs;
}

// A residual the epilogue can read as the output's [m, n] rows: undefined, or contiguous float32
// of that many elements.
bool residualFits(const Tensor& residual, int64_t elements) {
  return !residual.defined() ||
         (residual.dtype() == kFloat && residual.is_contiguous() && residual.numel() == elements);
}

// The product into `into` ([m, n] contiguous float32) when defined, else into a new tensor of
// input's leading dims and n; undefined when the plan or the weights' copy is not to be had.
Tensor run(const Tensor& input, const Tensor& weight, const Tensor& bias, const LinearEpilogue& e, const Shape& s,
           const Tensor& into = Tensor()) {
  const int64_t k = s.k, n = s.n, m = s.m;
  blas::setOnednnThreads(s.threads);
  std::shared_ptr<Plan> plan;
  try {
    plan = getPlan(s, e);
  } catch (const dnnl::error&) {
    return Tensor();  // no implementation here: the GEMM route takes it
  }
  dnnl::stream& stream = onednn::threadStream();
  Tensor wHold, scratchHold;
  // With the cache full, packing the weights for every call would cost more than it saves.
  if (!onednn::weightsInLayout(weight, plan->userWeights, plan->pd.weights_desc(), plan->weightsReorder.get(),
                               /*cacheable=*/true, stream, wHold, /*keptOnly=*/true))
    return Tensor();
  Tensor x = input.reshape({m, k}).contiguous();
  Tensor b = bias.defined() ? bias.contiguous() : Tensor();
  Tensor out = into.defined() ? into : empty({m, n}, kFloat);
  onednn::ArgPool::Lease args = plan->args->borrow();
  args.set(DNNL_ARG_SRC, x.data_ptr());
  args.set(DNNL_ARG_WEIGHTS, wHold.data_ptr());
  args.set(DNNL_ARG_DST, out.data_ptr());
  if (b.defined()) args.set(DNNL_ARG_BIAS, b.data_ptr());
  if (e.residual.defined()) args.set(kResidualArg, e.residual.data_ptr());
  onednn::setScratchpad(args, scratchHold);
  plan->matmul.execute(stream, args.args());
  stream.wait();
  if (into.defined()) return out;
  DimVector shape(input.sizes().begin(), input.sizes().end() - 1);
  shape.push_back(n);
  return out.view(shape);
}

// The product on this route (into `into` when defined), or undefined when it does not take it.
// A first use of the weights, or of the shape, takes the GEMM route (a blocked copy or a
// primitive for one product does not pay back, see onednn_weight_cache.h); both are noted, so that
// the next call of the same layer takes this one. Prepacked weights (a module's, packed at load
// for inference) build the shape's plan on its first sight: their layer is meant to be called
// again.
Tensor routed(const Tensor& input, const Tensor& weight, const Tensor& bias, const LinearEpilogue& fused,
              const Tensor& into) {
  const Shape s = shapeOf(input, weight, bias);
  const bool shapeSeen = gSeen.seenBefore(s.key()) || onednn::weightsPrepacked(weight);
  Tensor out = shapeSeen && onednn::weightsUsedBefore(weight) ? run(input, weight, bias, fused, s, into) : Tensor();
  onednn::noteWeightsUsed(weight);
  return out;
}

}  // namespace

Tensor packedLinear(const Tensor& input, const Tensor& weight, const Tensor& bias, const LinearEpilogue& epilogue) {
  if (!shapeFits(input, weight, bias) || !onednn::weightsCacheable(weight)) return Tensor();
  // A residual the primitive cannot read is added after it.
  const int64_t outElements = input.numel() / weight.size(1) * weight.size(0);
  const LinearEpilogue fused{residualFits(epilogue.residual, outElements) ? epilogue.residual : Tensor()};
  Tensor out = routed(input, weight, bias, fused, Tensor());
  if (out.defined() && epilogue.residual.defined() && !fused.residual.defined()) out.add_(epilogue.residual);
  return out;
}

bool packedLinearInto(const Tensor& out, const Tensor& input, const Tensor& weight, const Tensor& bias) {
  if (input.dim() != 2 || !shapeFits(input, weight, bias) || !onednn::weightsCacheable(weight)) return false;
  if (out.dtype() != kFloat || !out.is_contiguous() || out.sizes() != IntArrayRef({input.size(0), weight.size(0)}))
    return false;
  return routed(input, weight, bias, {}, out).defined();
}

bool prepackLinearWeight(const Tensor& weight) {
  if (!weight.defined() || weight.dtype() != kFloat || weight.dim() != 2 || !onednn::weightsCacheable(weight) ||
      blas::gemmRoute() != blas::GemmRoute::Auto)
    return false;
  const int64_t n = weight.size(0), k = weight.size(1);
  // Weights the route would not take even for a few hundred rows are left as they are.
  if (k == 0 || n == 0 || 256.0 * static_cast<double>(k) * static_cast<double>(n) < kMinMacs) return false;
  if (onednn::weightsPrepacked(weight)) return true;
  // The layout of the primitive's weights does not depend on the rows (measured for the zoo's
  // shapes from 1 to 3136 rows), so a descriptor for some rows names it; the primitive itself,
  // which generates code, is built for the real rows on the first call.
  blas::setOnednnThreads(blas::gemmThreads(static_cast<double>(kPrepackRows) * n * k));
  dnnl::matmul::primitive_desc pd;
  try {
    pd = describeProduct(kPrepackRows, k, n, /*hasBias=*/false, /*residual=*/false);
  } catch (const dnnl::error&) {
    return false;
  }
  onednn::noteWeightsUsed(weight);  // so that the copy made next is kept
  Tensor hold;
  if (!onednn::weightsInLayout(weight, userWeightsDesc(k, n), pd.weights_desc(), nullptr,
                               /*cacheable=*/true, onednn::threadStream(), hold, /*keptOnly=*/true))
    return false;  // the cache is full
  onednn::noteWeightsPrepacked(weight);
  return true;
}

size_t builtLinearPlanCount() { return gPlans.built(); }

}  // namespace ember::linalg
