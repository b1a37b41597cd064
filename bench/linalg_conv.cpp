// Linear-algebra and convolution benchmarks (issue 7). Mirrors bench/torch_linalg_conv.py case
// by case. Besides ember's mm it times OpenBLAS's and oneDNN's sgemm called directly
// ("raw_openblas", "raw_onednn"), so compare.py can report ember's rate as a fraction of the best
// library measured in the same run.
#include <cblas.h>
#include <dnnl.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bench_util.h"
#include "ember/tensor.h"
#include "tensor/blas_backend.h"

using namespace ember;
using ember::bench::medianSeconds;
using ember::bench::report;

namespace {

void mmCase(const std::string& name, int64_t m, int64_t k, int64_t n, ScalarType dtype, int threads, int inner) {
  set_num_threads(threads);
  Tensor a = randn({m, k}).to(dtype), b = randn({k, n}).to(dtype);
  report("linalg", name, medianSeconds([&] { Tensor r = mm(a, b); }, inner), threads);
}

// sgemm: each library called directly on raw buffers (its own rate, nothing of ember's in the
// way) and ember's mm, interleaved round by round so that load changes on a shared machine hit
// all three alike.
void sgemmRoutes(int64_t size, int threads) {
  set_num_threads(threads);
  const std::string s = std::to_string(size);
  Tensor a = randn({size, size}), b = randn({size, size}), c = empty({size, size});
  const float* pa = a.data_ptr<float>();
  const float* pb = b.data_ptr<float>();
  float* pc = c.data_ptr<float>();
  const int n = static_cast<int>(size);
  auto rawOpenblas = [&] {
    openblas_set_num_threads(threads);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.f, pa, n, pb, n, 0.f, pc, n);
  };
  auto rawOnednn = [&] {
    blas::setOnednnThreads(threads);
    dnnl_sgemm('N', 'N', n, n, n, 1.f, pa, n, pb, n, 0.f, pc, n);
  };
  auto emberMm = [&] { Tensor r = mm(a, b); };
  // Warm-up: ember's first calls of a size measure both libraries (blas_backend.h); the steady
  // state after that is what is compared.
  for (int i = 0; i < 2 * 3 + 2; ++i) emberMm();
  rawOpenblas();
  rawOnednn();
  std::vector<double> t[3];
  for (int round = 0; round < 9; ++round) {
    t[0].push_back(medianSeconds(rawOpenblas, 1, 1, 0));
    t[1].push_back(medianSeconds(rawOnednn, 1, 1, 0));
    t[2].push_back(medianSeconds(emberMm, 1, 1, 0));
  }
  const char* names[] = {"raw_openblas_sgemm_", "raw_onednn_sgemm_", "mm_"};
  for (int i = 0; i < 3; ++i) {
    std::sort(t[i].begin(), t[i].end());
    report("linalg", names[i] + s + (i == 2 ? "_f32" : ""), t[i][t[i].size() / 2], threads);
  }
}

void linalgCases(int threads) {
  sgemmRoutes(1024, threads);
  mmCase("mm_512_f64", 512, 512, 512, kDouble, threads, 3);
  mmCase("mm_256_f32", 256, 256, 256, kFloat, threads, 20);
  mmCase("mm_64_f32", 64, 64, 64, kFloat, threads, 2000);
  mmCase("mm_8_f32", 8, 8, 8, kFloat, threads, 20000);
  set_num_threads(threads);
  Tensor a = randn({64, 64, 64}), b = randn({64, 64, 64});
  report("linalg", "bmm_64x64x64x64_f32", medianSeconds([&] { Tensor r = bmm(a, b); }, 50), threads);
  Tensor x = randn({128, 1024}), w = randn({1024, 1024}), bias = randn({1024});
  report("linalg", "linear_128x1024x1024_f32", medianSeconds([&] { Tensor r = linear(x, w, bias); }, 10), threads);
  Tensor q = randn({8, 128, 64}), kk = randn({8, 128, 64});
  report("linalg", "einsum_bqd_bkd_f32",
         medianSeconds(
             [&] {
               Tensor r = einsum("bqd,bkd->bqk", {q, kk});
             },
             50),
         threads);
}

void convCases(int threads) {
  set_num_threads(threads);
  Tensor x = randn({1, 64, 56, 56}), w = randn({64, 64, 3, 3}), b = randn({64});
  report("conv", "conv2d_1x64x56x56_k3_64", medianSeconds([&] { Tensor r = conv2d(x, w, b, {1}, {1}); }, 10), threads);
  Tensor xcl = contiguous(x, MemoryFormat::ChannelsLast);
  report("conv", "conv2d_1x64x56x56_k3_64_cl", medianSeconds([&] { Tensor r = conv2d(xcl, w, b, {1}, {1}); }, 10),
         threads);
  Tensor xd = randn({1, 128, 56, 56}), wd = randn({128, 1, 3, 3});
  report("conv", "conv2d_depthwise_1x128x56x56",
         medianSeconds([&] { Tensor r = conv2d(xd, wd, {}, {1}, {1}, {1}, 128); }, 10), threads);
  Tensor x1 = randn({8, 256, 14, 14}), w1 = randn({512, 256, 1, 1});
  report("conv", "conv2d_8x256x14x14_k1_512", medianSeconds([&] { Tensor r = conv2d(x1, w1); }, 5), threads);
  Tensor xt = randn({1, 64, 28, 28}), wt = randn({64, 32, 4, 4});
  report("conv", "conv_transpose2d_1x64x28x28_k4s2",
         medianSeconds([&] { Tensor r = conv_transpose2d(xt, wt, {}, {2}, {1}); }, 10), threads);
  Tensor xd3 = randn({1, 64, 56, 56}).to(kDouble), wd3 = randn({64, 64, 3, 3}).to(kDouble);
  report("conv", "conv2d_1x64x56x56_k3_64_f64", medianSeconds([&] { Tensor r = conv2d(xd3, wd3, {}, {1}, {1}); }, 3),
         threads);
}

}  // namespace

int main() {
  int maxThreads = get_num_threads();
  for (int threads : {1, maxThreads}) {
    linalgCases(threads);
    convCases(threads);
    if (maxThreads == 1) break;
  }
  return 0;
}
