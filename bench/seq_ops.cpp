// Sequence-model operator benchmarks (issue 7): recurrent layers, the transformer fast-path
// kernels and stft. Mirrors bench/torch_seq_ops.py case by case (same shapes, same timing).
#include <string>
#include <vector>

#include "bench_util.h"
#include "ember/tensor.h"
#include "ember/tensor/ops/spectral.h"

using namespace ember;
using ember::bench::medianSeconds;
using ember::bench::report;

namespace {

// 1 layer, input size = hidden size, 50 steps, batch 1.
void recurrentCases(int threads) {
  for (int64_t hidden : {64, 256}) {
    const std::string h = std::to_string(hidden);
    Tensor x = randn({50, 1, hidden}), h0 = zeros({1, 1, hidden});
    std::vector<Tensor> lp = {randn({4 * hidden, hidden}), randn({4 * hidden, hidden}), randn({4 * hidden}),
                              randn({4 * hidden})};
    report("seq", "lstm_h" + h + "_t50_b1",
           medianSeconds([&] { auto r = lstm(x, {h0, h0}, lp, true, 1, 0.0, false, false, false); }, 20), threads);
    std::vector<Tensor> gp = {randn({3 * hidden, hidden}), randn({3 * hidden, hidden}), randn({3 * hidden}),
                              randn({3 * hidden})};
    report("seq", "gru_h" + h + "_t50_b1",
           medianSeconds([&] { auto r = gru(x, h0, gp, true, 1, 0.0, false, false, false); }, 20), threads);
  }
}

// d_model 256, 8 heads, sequence 64, batch 1; feed-forward 1024 with relu.
void transformerCases(int threads) {
  const int64_t D = 256, T = 64, F = 1024;
  Tensor x = randn({1, T, D});
  Tensor wqkv = randn({3 * D, D}).mul_(0.05), bqkv = randn({3 * D}), wo = randn({D, D}).mul_(0.05), bo = randn({D});
  report("seq", "mha_d256_h8_t64",
         medianSeconds(
             [&] {
               auto r = _native_multi_head_attention(x, x, x, D, 8, wqkv, bqkv, wo, bo, {}, false, true, std::nullopt);
             },
             50),
         threads);
  Tensor g1 = ones({D}), b1 = zeros({D}), g2 = ones({D}), b2 = zeros({D});
  Tensor w1 = randn({F, D}).mul_(0.05), fb1 = randn({F}), w2 = randn({D, F}).mul_(0.05), fb2 = randn({D});
  report("seq", "encoder_layer_d256_h8_t64",
         medianSeconds(
             [&] {
               Tensor r = _transformer_encoder_layer_fwd(x, D, 8, wqkv, bqkv, wo, bo, false, false, 1e-5, g1, b1, g2,
                                                         b2, w1, fb1, w2, fb2);
             },
             20),
         threads);
}

// One second of 16 kHz audio, as MelSpectrogram's defaults frame it (n_fft 400, hop 200).
void stftCases(int threads) {
  Tensor x = randn({1, 16000}), w = rand({400});  // any window costs the same
  report("seq", "stft_16k_n400_h200",
         medianSeconds([&] { Tensor r = stft(x, 400, 200, 400, w, false, true, true); }, 50), threads);
}

}  // namespace

int main() {
  int maxThreads = get_num_threads();
  for (int threads : {1, maxThreads}) {
    set_num_threads(threads);
    recurrentCases(threads);
    transformerCases(threads);
    stftCases(threads);
    if (maxThreads == 1) break;
  }
  return 0;
}
