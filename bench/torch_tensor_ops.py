"""PyTorch side of bench/tensor_ops.cpp: the same cases, the same timing method."""
import json

import torch
from bench_timing import median_seconds

K16M = 16 * 1024 * 1024




def report(name, seconds, threads):
    print(json.dumps({"suite": "tensor", "name": name, "seconds": seconds, "threads": threads}), flush=True)


def main():
    max_threads = torch.get_num_threads()
    for threads in sorted({1, max_threads}):
        torch.set_num_threads(threads)
        a, b = torch.ones(K16M), torch.ones(K16M)
        report("add_16M_f32", median_seconds(lambda: torch.add(a, b), 5), threads)
        r = torch.rand(K16M)
        report("tanh_16M_f32", median_seconds(lambda: torch.tanh(r), 3), threads)
        report("sum_16M_f32", median_seconds(lambda: torch.sum(r), 5), threads)
    torch.set_num_threads(1)
    a, b = torch.ones(1), torch.ones(1)
    report("add_1_f32", median_seconds(lambda: torch.add(a, b), 100000), 1)
    x = torch.rand(4096, 4096)
    report("sum_dim0_4096x4096_f32", median_seconds(lambda: torch.sum(x, 0), 3), 1)
    report("amax_dim0_4096x4096_f32", median_seconds(lambda: torch.amax(x, 0), 3), 1)
    report("amax_dim1_4096x4096_f32", median_seconds(lambda: torch.amax(x, 1), 3), 1)
    report("mean_dim1_4096x4096_f32", median_seconds(lambda: torch.mean(x, 1), 3), 1)
    report("softmax_dim1_4096x4096_f32", median_seconds(lambda: torch.softmax(x, -1), 3), 1)
    report("log_softmax_dim1_4096x4096_f32", median_seconds(lambda: torch.log_softmax(x, -1), 3), 1)


if __name__ == "__main__":
    main()
