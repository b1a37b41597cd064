// Timing helpers shared by ember's benchmarks. Each benchmark prints one JSON line per case:
//   {"suite": "...", "name": "...", "seconds": <median per call>, "threads": N}
// and bench/compare.py lines them up with the same case measured in PyTorch.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace ember::bench {

// Median seconds per call of fn(), over `rounds` rounds of `inner` calls each, after warm-up.
template <typename Fn>
double medianSeconds(Fn&& fn, int inner, int rounds = 7, int warmup = 2) {
  for (int i = 0; i < warmup * inner; ++i) fn();
  std::vector<double> samples;
  for (int r = 0; r < rounds; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < inner; ++i) fn();
    auto t1 = std::chrono::steady_clock::now();
    samples.push_back(std::chrono::duration<double>(t1 - t0).count() / inner);
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

// Seconds since `t0` on the steady clock.
inline double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// medianSeconds over 5 rounds sized to ~`budget` seconds in all, from the time of one call (that
// first call is the warm-up); bench_timing.warm_median is the Python side.
template <typename Fn>
double warmMedian(Fn&& fn, double budget = 0.2) {
  auto t0 = std::chrono::steady_clock::now();
  fn();
  double once = std::max(secondsSince(t0), 1e-7);
  return medianSeconds(fn, std::max(1, static_cast<int>(budget / 5 / once)), 5, 0);
}

inline void report(const std::string& suite, const std::string& name, double seconds, int threads) {
  std::printf("{\"suite\": \"%s\", \"name\": \"%s\", \"seconds\": %.9g, \"threads\": %d}\n", suite.c_str(),
              name.c_str(), seconds, threads);
  std::fflush(stdout);
}

}  // namespace ember::bench
