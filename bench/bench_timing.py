"""Timing shared by the Python sides of the benchmarks (torch_*.py, python_call_overhead.py): the
median over rounds of the mean time per call, after warm-up calls, as the C++ side measures."""
import statistics
import time


def median_seconds(fn, inner=1, rounds=7, warmup=2):
    """Median over `rounds` of the mean seconds of `inner` back-to-back calls of fn(), after
    `warmup * inner` untimed calls (caches, allocators and JIT profiling settle in those)."""
    for _ in range(warmup * inner):
        fn()
    samples = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - t0) / inner)
    return statistics.median(samples)


def warm_median(fn, budget=0.2, rounds=5):
    """median_seconds with the inner count chosen so the rounds take about `budget` seconds,
    from the time of one call (that first call is the warm-up)."""
    t0 = time.perf_counter()
    fn()
    once = max(time.perf_counter() - t0, 1e-7)
    return median_seconds(fn, inner=max(1, int(budget / rounds / once)), rounds=rounds, warmup=0)
