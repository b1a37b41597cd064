"""PyTorch side of bench/seq_ops.cpp: the same cases, the same timing method."""
import os

import torch

from torch_linalg_conv import median_seconds, report


def recurrent_cases(threads):
    for hidden in [64, 256]:
        x, h0 = torch.randn(50, 1, hidden), torch.zeros(1, 1, hidden)
        lp = [torch.randn(4 * hidden, hidden), torch.randn(4 * hidden, hidden), torch.randn(4 * hidden),
              torch.randn(4 * hidden)]
        report("seq", f"lstm_h{hidden}_t50_b1",
               median_seconds(lambda: torch.lstm(x, [h0, h0], lp, True, 1, 0.0, False, False, False), 20), threads)
        gp = [torch.randn(3 * hidden, hidden), torch.randn(3 * hidden, hidden), torch.randn(3 * hidden),
              torch.randn(3 * hidden)]
        report("seq", f"gru_h{hidden}_t50_b1",
               median_seconds(lambda: torch.gru(x, h0, gp, True, 1, 0.0, False, False, False), 20), threads)


def transformer_cases(threads):
    D, T, F = 256, 64, 1024
    x = torch.randn(1, T, D)
    wqkv, bqkv, wo, bo = torch.randn(3 * D, D) * 0.05, torch.randn(3 * D), torch.randn(D, D) * 0.05, torch.randn(D)
    report("seq", "mha_d256_h8_t64",
           median_seconds(lambda: torch._native_multi_head_attention(x, x, x, D, 8, wqkv, bqkv, wo, bo, None, False,
                                                                     True, None), 50), threads)
    g1, b1, g2, b2 = torch.ones(D), torch.zeros(D), torch.ones(D), torch.zeros(D)
    w1, fb1, w2, fb2 = torch.randn(F, D) * 0.05, torch.randn(F), torch.randn(D, F) * 0.05, torch.randn(D)
    report("seq", "encoder_layer_d256_h8_t64",
           median_seconds(lambda: torch._transformer_encoder_layer_fwd(x, D, 8, wqkv, bqkv, wo, bo, False, False, 1e-5,
                                                                       g1, b1, g2, b2, w1, fb1, w2, fb2, None, None),
                          20), threads)


def stft_cases(threads):
    x, w = torch.randn(1, 16000), torch.rand(400)
    report("seq", "stft_16k_n400_h200",
           median_seconds(lambda: torch.stft(x, 400, hop_length=200, win_length=400, window=w, center=False,
                                                  normalized=False, onesided=True, return_complex=True), 50), threads)


def main():
    max_threads = os.cpu_count() or 1
    with torch.no_grad():
        for threads in sorted({1, max_threads}):
            torch.set_num_threads(threads)
            recurrent_cases(threads)
            transformer_cases(threads)
            stft_cases(threads)


if __name__ == "__main__":
    main()
