"""PyTorch side of bench/linalg_conv.cpp: the same cases, the same timing method.

usage: torch_linalg_conv.py                        every case at 1 and all threads
       torch_linalg_conv.py --shapes FILE [--threads N]   the conv2d shapes of FILE (suite conv_shapes)
       torch_linalg_conv.py --model-shapes FILE    writes FILE: every conv2d shape of torchvision's
                                                   resnet18, resnet50 and mobilenet_v2 on one 224x224
                                                   image, one per line: n c h w o k stride pad groups bias
"""
import json
import os
import sys
import time

import torch
import torch.nn.functional as F
from bench_timing import median_seconds




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


def conv_name(n, c, h, w, o, k, stride, pad, groups, bias=False, channels_last=False):
    name = f"conv2d_{n}x{c}x{h}x{w}_k{k}"
    if stride != 1:
        name += f"s{stride}"
    if pad != (k - 1) // 2:
        name += f"p{pad}"
    name += f"_{o}"
    if groups != 1:
        name += "_dw" if groups == c and o == c else f"_g{groups}"
    if bias:
        name += "_bias"
    if channels_last:
        name += "_cl"
    return name


def time_conv(suite, case, threads):
    n, c, h, w, o, k, stride, pad, groups = case[:9]
    bias, channels_last = (list(case[9:]) + [False, False])[:2]
    x, wt = torch.randn(n, c, h, w), torch.randn(o, c // groups, k, k)
    if channels_last:
        x = x.contiguous(memory_format=torch.channels_last)
    b = torch.randn(o) if bias else None

    def call():
        F.conv2d(x, wt, b, stride, pad, 1, groups)

    t0 = time.perf_counter()
    call()
    once = time.perf_counter() - t0
    inner = int(min(max(0.02 / max(once, 1e-7), 1), 2000))
    report(suite, conv_name(*case), median_seconds(call, inner), threads)


MOBILE_CONV_CASES = [
    (1, 16, 112, 112, 96, 1, 1, 0, 1), (1, 24, 56, 56, 144, 1, 1, 0, 1), (1, 32, 112, 112, 16, 1, 1, 0, 1),
    (1, 320, 7, 7, 1280, 1, 1, 0, 1), (1, 64, 56, 56, 128, 1, 2, 0, 1), (1, 144, 56, 56, 144, 3, 1, 1, 144),
    (1, 96, 112, 112, 96, 3, 2, 1, 96), (1, 32, 112, 112, 32, 3, 1, 1, 32), (1, 960, 7, 7, 960, 3, 1, 1, 960),
    (1, 144, 56, 56, 144, 3, 1, 1, 144, False, True), (1, 24, 56, 56, 144, 1, 1, 0, 1, False, True),
]


def mobile_conv_cases(threads):
    """MobileNetV2's 1x1 and depthwise shapes (and a strided ResNet downsample)."""
    for case in MOBILE_CONV_CASES:
        time_conv("conv", case, threads)


def write_model_shapes(path):
    import torch.nn as nn
    import torchvision.models as tvm
    seen = []

    def hook(mod, inp, out):
        x = inp[0]
        case = (*x.shape, mod.out_channels, mod.kernel_size[0], mod.stride[0], mod.padding[0], mod.groups,
                int(mod.bias is not None))
        if case not in seen:
            seen.append(case)

    for make in (tvm.resnet18, tvm.resnet50, tvm.mobilenet_v2):
        model = make().eval()
        for mod in model.modules():
            if isinstance(mod, nn.Conv2d):
                mod.register_forward_hook(hook)
        with torch.no_grad():
            model(torch.randn(1, 3, 224, 224))
    with open(path, "w") as f:
        for case in seen:
            f.write(" ".join(str(v) for v in case) + "\n")


def arg(name):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else None


def main():
    if arg("--model-shapes"):
        write_model_shapes(arg("--model-shapes"))
        return
    # ember's default budget is every CPU; PyTorch's may count fewer, so both use the same two.
    max_threads = os.cpu_count() or 1
    thread_counts = [int(arg("--threads"))] if arg("--threads") else sorted({1, max_threads})
    with torch.no_grad():
        if arg("--shapes"):
            with open(arg("--shapes")) as f:
                cases = [tuple(int(v) for v in line.split()) for line in f if line.strip()]
            for threads in thread_counts:
                torch.set_num_threads(threads)
                for case in cases:
                    time_conv("conv_shapes", case[:9] + (bool(case[9]),), threads)
            return
        for threads in thread_counts:
            torch.set_num_threads(threads)
            linalg_cases(threads)
            conv_cases(threads)
            mobile_conv_cases(threads)


if __name__ == "__main__":
    main()
