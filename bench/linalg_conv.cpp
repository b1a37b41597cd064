// Linear-algebra and convolution benchmarks (issue 7). Mirrors bench/torch_linalg_conv.py case
// by case. Besides ember's mm it times OpenBLAS's and oneDNN's sgemm called directly
// ("raw_openblas", "raw_onednn"), so compare.py can report ember's rate as a fraction of the best
// library measured in the same run.
#include <cblas.h>
#include <dnnl.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>
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

// One conv2d case: input [n, c, h, w], weight [o, c / groups, k, k], square stride and padding.
struct ConvCase {
  int64_t n, c, h, w, o, k, stride, pad, groups;
  bool bias = false, channelsLast = false;

  std::string name() const {
    std::ostringstream os;
    os << "conv2d_" << n << "x" << c << "x" << h << "x" << w << "_k" << k;
    if (stride != 1) os << "s" << stride;
    if (pad != (k - 1) / 2) os << "p" << pad;
    os << "_" << o;
    if (groups != 1) os << (groups == c && o == c ? "_dw" : "_g" + std::to_string(groups));
    if (bias) os << "_bias";
    if (channelsLast) os << "_cl";
    return os.str();
  }
};

void timeConv(const std::string& suite, const ConvCase& cc, int threads) {
  set_num_threads(threads);
  Tensor x = randn({cc.n, cc.c, cc.h, cc.w}), w = randn({cc.o, cc.c / cc.groups, cc.k, cc.k});
  if (cc.channelsLast) x = contiguous(x, MemoryFormat::ChannelsLast);
  Tensor b = cc.bias ? randn({cc.o}) : Tensor();
  auto call = [&] { Tensor r = conv2d(x, w, b, {cc.stride}, {cc.pad}, {1}, cc.groups); };
  // About 20 ms per round whatever the size.
  auto t0 = std::chrono::steady_clock::now();
  call();
  const double once = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const int inner = static_cast<int>(std::clamp(0.02 / std::max(once, 1e-7), 1.0, 2000.0));
  report(suite, cc.name(), medianSeconds(call, inner), threads);
}

// MobileNetV2's 1x1 and depthwise shapes (and a strided ResNet downsample), where a 1x1
// convolution is a plain GEMM and a depthwise one a stencil.
void mobileConvCases(int threads) {
  const ConvCase cases[] = {
      {1, 16, 112, 112, 96, 1, 1, 0, 1},
      {1, 24, 56, 56, 144, 1, 1, 0, 1},
      {1, 32, 112, 112, 16, 1, 1, 0, 1},
      {1, 320, 7, 7, 1280, 1, 1, 0, 1},
      {1, 64, 56, 56, 128, 1, 2, 0, 1},
      {1, 144, 56, 56, 144, 3, 1, 1, 144},
      {1, 96, 112, 112, 96, 3, 2, 1, 96},
      {1, 32, 112, 112, 32, 3, 1, 1, 32},
      {1, 960, 7, 7, 960, 3, 1, 1, 960},
      {1, 144, 56, 56, 144, 3, 1, 1, 144, false, true},
      {1, 24, 56, 56, 144, 1, 1, 0, 1, false, true},
  };
  for (const ConvCase& cc : cases) timeConv("conv", cc, threads);
}

// `--shapes FILE`: one conv2d per line, "n c h w o k stride pad groups bias" (what
// torch_linalg_conv.py --model-shapes writes for the torchvision models), timed at the given
// thread counts as suite "conv_shapes".
int shapesMain(const char* file, const std::vector<int>& threadCounts) {
  std::ifstream in(file);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", file);
    return 1;
  }
  std::vector<ConvCase> cases;
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    ConvCase cc{};
    int bias = 0;
    if (ls >> cc.n >> cc.c >> cc.h >> cc.w >> cc.o >> cc.k >> cc.stride >> cc.pad >> cc.groups >> bias) {
      cc.bias = bias != 0;
      cases.push_back(cc);
    }
  }
  for (int threads : threadCounts)
    for (const ConvCase& cc : cases) timeConv("conv_shapes", cc, threads);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int maxThreads = get_num_threads();
  std::vector<int> threadCounts{1};
  if (maxThreads > 1) threadCounts.push_back(maxThreads);
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--threads") == 0) threadCounts = {std::atoi(argv[i + 1])};
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--shapes") == 0) return shapesMain(argv[i + 1], threadCounts);
  for (int threads : threadCounts) {
    linalgCases(threads);
    convCases(threads);
    mobileConvCases(threads);
  }
  return 0;
}
