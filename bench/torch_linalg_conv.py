"""PyTorch side of bench/linalg_conv.cpp: the same cases, the same timing method."""
import json
import os
import statistics
import time

import torch
import torch.nn.functional as F


def median_seconds(fn, inner, rounds=7, warmup=2):
    for _ in range(warmup * inner):
        fn()
    samples = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - t0) / inner)
    return statistics.median(samples)


def report(suite, name, seconds, threads):
    print(json.dumps({"suite": suite, "name": name, "seconds": seconds, "threads": threads}), flush=True)


def mm_case(name, m, k, n, dtype, threads, inner):
    a, b = torch.randn(m, k).to(dtype), torch.randn(k, n).to(dtype)
    report("linalg", name, median_seconds(lambda: torch.mm(a, b), inner), threads)


def linalg_cases(threads):
    mm_case("mm_1024_f32", 1024, 1024, 1024, torch.float32, threads, 3)
    mm_case("mm_512_f64", 512, 512, 512, torch.float64, threads, 3)
    mm_case("mm_256_f32", 256, 256, 256, torch.float32, threads, 20)
    mm_case("mm_64_f32", 64, 64, 64, torch.float32, threads, 2000)
    mm_case("mm_8_f32", 8, 8, 8, torch.float32, threads, 20000)
    a, b = torch.randn(64, 64, 64), torch.randn(64, 64, 64)
    report("linalg", "bmm_64x64x64x64_f32", median_seconds(lambda: torch.bmm(a, b), 50), threads)
    x, w, bias = torch.randn(128, 1024), torch.randn(1024, 1024), torch.randn(1024)
    report("linalg", "linear_128x1024x1024_f32", median_seconds(lambda: F.linear(x, w, bias), 10), threads)
    q, k = torch.randn(8, 128, 64), torch.randn(8, 128, 64)
    report("linalg", "einsum_bqd_bkd_f32", median_seconds(lambda: torch.einsum("bqd,bkd->bqk", q, k), 50), threads)


def conv_cases(threads):
    x, w, b = torch.randn(1, 64, 56, 56), torch.randn(64, 64, 3, 3), torch.randn(64)
    report("conv", "conv2d_1x64x56x56_k3_64", median_seconds(lambda: F.conv2d(x, w, b, padding=1), 10), threads)
    xcl = x.contiguous(memory_format=torch.channels_last)
    report("conv", "conv2d_1x64x56x56_k3_64_cl", median_seconds(lambda: F.conv2d(xcl, w, b, padding=1), 10), threads)
    xd, wd = torch.randn(1, 128, 56, 56), torch.randn(128, 1, 3, 3)
    report("conv", "conv2d_depthwise_1x128x56x56", median_seconds(lambda: F.conv2d(xd, wd, padding=1, groups=128), 10),
           threads)
    x1, w1 = torch.randn(8, 256, 14, 14), torch.randn(512, 256, 1, 1)
    report("conv", "conv2d_8x256x14x14_k1_512", median_seconds(lambda: F.conv2d(x1, w1), 5), threads)
    xt, wt = torch.randn(1, 64, 28, 28), torch.randn(64, 32, 4, 4)
    report("conv", "conv_transpose2d_1x64x28x28_k4s2",
           median_seconds(lambda: F.conv_transpose2d(xt, wt, stride=2, padding=1), 10), threads)
    xd3, wd3 = torch.randn(1, 64, 56, 56).double(), torch.randn(64, 64, 3, 3).double()
    report("conv", "conv2d_1x64x56x56_k3_64_f64", median_seconds(lambda: F.conv2d(xd3, wd3, padding=1), 3), threads)


def main():
    # ember's default budget is every CPU; PyTorch's may count fewer, so both use the same two.
    max_threads = os.cpu_count() or 1
    with torch.no_grad():
        for threads in sorted({1, max_threads}):
            torch.set_num_threads(threads)
            linalg_cases(threads)
            conv_cases(threads)


if __name__ == "__main__":
    main()
