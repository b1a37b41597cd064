// NN-operator benchmarks (issue 7): pooling, batch norm (inference), layer norm and bilinear
// upsampling at ResNet-like sizes, contiguous and channels-last, 1 and 2 threads. Mirrors
// bench/torch_nn_ops.py case by case.
#include <string>

#include "bench_util.h"
#include "ember/tensor.h"

using namespace ember;
using ember::bench::medianSeconds;
using ember::bench::report;

namespace {

void cases(int threads) {
  set_num_threads(threads);
  const Tensor x = randn({1, 64, 112, 112});
  const Tensor xcl = contiguous(x, MemoryFormat::ChannelsLast);
  const Tensor x56 = randn({8, 256, 14, 14});
  const Tensor w = randn({64}), b = randn({64}), rm = randn({64}), rv = rand({64}) + 0.5;
  const Tensor ln = randn({64 * 56, 768}), lw = randn({768}), lb = randn({768});
  auto run = [&](const std::string& name, auto&& fn, int inner) { report("nn", name, medianSeconds(fn, inner), threads); };
  run("max_pool2d_k3s2p1_1x64x112x112", [&] { Tensor r = max_pool2d(x, {3}, {2}, {1}); }, 20);
  run("max_pool2d_k3s2p1_1x64x112x112_cl", [&] { Tensor r = max_pool2d(xcl, {3}, {2}, {1}); }, 20);
  run("adaptive_avg_pool2d_1x1_1x64x112x112", [&] { Tensor r = adaptive_avg_pool2d(x, {1, 1}); }, 50);
  run("adaptive_avg_pool2d_7x7_1x64x112x112", [&] { Tensor r = adaptive_avg_pool2d(x, {7, 7}); }, 20);
  run("adaptive_avg_pool2d_1x1_8x256x14x14", [&] { Tensor r = adaptive_avg_pool2d(x56, {1, 1}); }, 50);
  run("batch_norm_eval_1x64x112x112", [&] { Tensor r = batch_norm(x, w, b, rm, rv, false, 0.1, 1e-5); }, 20);
  run("batch_norm_eval_1x64x112x112_cl", [&] { Tensor r = batch_norm(xcl, w, b, rm, rv, false, 0.1, 1e-5); }, 20);
  run("layer_norm_3584x768", [&] { Tensor r = layer_norm(ln, {768}, lw, lb); }, 20);
  run("upsample_bilinear2d_x2_1x64x112x112", [&] { Tensor r = upsample_bilinear2d(x, {224, 224}, false); }, 10);
  run("upsample_bilinear2d_x2_1x64x112x112_cl", [&] { Tensor r = upsample_bilinear2d(xcl, {224, 224}, false); }, 10);
}

}  // namespace

int main() {
  cases(1);
  cases(2);
  return 0;
}
