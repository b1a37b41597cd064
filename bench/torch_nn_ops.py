"""PyTorch side of bench/nn_ops.cpp: the same cases, the same timing method."""
import json

import torch
import torch.nn.functional as F
from bench_timing import median_seconds




def report(name, seconds, threads):
    print(json.dumps({"suite": "nn", "name": name, "seconds": seconds, "threads": threads}), flush=True)


def cases(threads):
    torch.set_num_threads(threads)
    x = torch.randn(1, 64, 112, 112)
    xcl = x.contiguous(memory_format=torch.channels_last)
    x56 = torch.randn(8, 256, 14, 14)
    w, b, rm, rv = torch.randn(64), torch.randn(64), torch.randn(64), torch.rand(64) + 0.5
    ln, lw, lb = torch.randn(64 * 56, 768), torch.randn(768), torch.randn(768)

    def run(name, fn, inner):
        report(name, median_seconds(fn, inner), threads)
    with torch.no_grad():
        run("max_pool2d_k3s2p1_1x64x112x112", lambda: F.max_pool2d(x, 3, 2, 1), 20)
        run("max_pool2d_k3s2p1_1x64x112x112_cl", lambda: F.max_pool2d(xcl, 3, 2, 1), 20)
        run("adaptive_avg_pool2d_1x1_1x64x112x112", lambda: F.adaptive_avg_pool2d(x, 1), 50)
        run("adaptive_avg_pool2d_7x7_1x64x112x112", lambda: F.adaptive_avg_pool2d(x, 7), 20)
        run("adaptive_avg_pool2d_1x1_8x256x14x14", lambda: F.adaptive_avg_pool2d(x56, 1), 50)
        run("batch_norm_eval_1x64x112x112", lambda: F.batch_norm(x, rm, rv, w, b, False, 0.1, 1e-5), 20)
        run("batch_norm_eval_1x64x112x112_cl", lambda: F.batch_norm(xcl, rm, rv, w, b, False, 0.1, 1e-5), 20)
        run("layer_norm_3584x768", lambda: F.layer_norm(ln, (768,), lw, lb), 20)
        run("upsample_bilinear2d_x2_1x64x112x112",
            lambda: F.interpolate(x, size=(224, 224), mode="bilinear", align_corners=False), 10)
        run("upsample_bilinear2d_x2_1x64x112x112_cl",
            lambda: F.interpolate(xcl, size=(224, 224), mode="bilinear", align_corners=False), 10)


if __name__ == "__main__":
    cases(1)
    cases(2)
