// ember side of the per-shape convolution table (bench/conv_shapes.py writes the shapes of the
// model zoo's convolutions and runs this next to PyTorch's timing of the same shapes).
//
// usage: ember_bench_conv_shapes SHAPES THREADS
//   SHAPES: one convolution a line, "n c h w o kh kw sh sw ph pw groups" (no bias, float32)
// Prints one JSON line per shape (median seconds of a warm call and the backend ember routed it
// to), and the FMA throughput of this core measured before and after the shapes: a loop of
// independent vector FMAs, the peak a convolution's GFLOP/s is judged against.
//
// Times are process CPU time, not wall time: on a shared machine (8 builds on 2 cores) the wall
// time of a pinned single-threaded call is mostly time spent preempted, while its CPU time
// stays within a few percent. At one thread the CPU time is the call's time; at more threads it
// is the sum over threads (the work), not the latency.
#include <immintrin.h>

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ember/tensor.h"

using namespace ember;

namespace {

double cpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Median CPU seconds per call over 7 rounds sized to ~`budget` seconds in all (after one call).
template <typename Fn>
double cpuMedian(Fn&& fn, double budget) {
  double t0 = cpuSeconds();
  fn();
  const double once = std::max(cpuSeconds() - t0, 1e-7);
  const int inner = std::max(1, static_cast<int>(budget / 7 / once));
  std::vector<double> samples;
  for (int r = 0; r < 7; ++r) {
    t0 = cpuSeconds();
    for (int i = 0; i < inner; ++i) fn();
    samples.push_back((cpuSeconds() - t0) / inner);
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

struct Shape {
  int64_t n, c, h, w, o, kh, kw, sh, sw, ph, pw, groups;
};

std::vector<Shape> readShapes(const char* path) {
  std::ifstream in(path);
  std::vector<Shape> shapes;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream is(line);
    Shape s;
    if (is >> s.n >> s.c >> s.h >> s.w >> s.o >> s.kh >> s.kw >> s.sh >> s.sw >> s.ph >> s.pw >> s.groups)
      shapes.push_back(s);
  }
  return shapes;
}

// GFLOP/s of `iters` rounds of 12 independent FMA chains (enough to cover the FMA latency times
// the two FMA ports of a core) on vectors of 16 (AVX-512) or 8 (AVX2) floats.
__attribute__((target("avx512f"))) double fmaPeak512(int64_t iters) {
  __m512 acc[12];
  for (int i = 0; i < 12; ++i) acc[i] = _mm512_set1_ps(1.0f + i * 1e-3f);
  const __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
  const double t0 = cpuSeconds();
  for (int64_t r = 0; r < iters; ++r) {
#pragma GCC unroll 12  // the accumulators must stay in registers
    for (int i = 0; i < 12; ++i) acc[i] = _mm512_fmadd_ps(acc[i], a, b);
  }
  const double s = cpuSeconds() - t0;
  __m512 sum = acc[0];
  for (int i = 1; i < 12; ++i) sum = _mm512_add_ps(sum, acc[i]);
  volatile float sink = _mm512_reduce_add_ps(sum);
  (void)sink;
  return 2.0 * 16 * 12 * static_cast<double>(iters) / s / 1e9;
}

__attribute__((target("avx2,fma"))) double fmaPeak256(int64_t iters) {
  __m256 acc[12];
  for (int i = 0; i < 12; ++i) acc[i] = _mm256_set1_ps(1.0f + i * 1e-3f);
  const __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
  const double t0 = cpuSeconds();
  for (int64_t r = 0; r < iters; ++r) {
#pragma GCC unroll 12  // the accumulators must stay in registers
    for (int i = 0; i < 12; ++i) acc[i] = _mm256_fmadd_ps(acc[i], a, b);
  }
  const double s = cpuSeconds() - t0;
  __m256 sum = acc[0];
  for (int i = 1; i < 12; ++i) sum = _mm256_add_ps(sum, acc[i]);
  float out[8];
  _mm256_storeu_ps(out, sum);
  volatile float sink = out[0];
  (void)sink;
  return 2.0 * 8 * 12 * static_cast<double>(iters) / s / 1e9;
}

// Best of 5 runs of ~0.1 s on one core (the bench runs pinned to one CPU).
double fmaPeak() {
  const bool avx512 = __builtin_cpu_supports("avx512f");
  double best = 0;
  for (int i = 0; i < 5; ++i) {
    const double g = avx512 ? fmaPeak512(2'000'000) : fmaPeak256(4'000'000);
    best = g > best ? g : best;
  }
  return best;
}

std::string key(const Shape& s) {
  std::ostringstream os;
  os << s.n << " " << s.c << " " << s.h << " " << s.w << " " << s.o << " " << s.kh << " " << s.kw << " " << s.sh
     << " " << s.sw << " " << s.ph << " " << s.pw << " " << s.groups;
  return os.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s SHAPES THREADS\n", argv[0]);
    return 2;
  }
  const int threads = std::stoi(argv[2]);
  set_num_threads(threads);
  std::printf("{\"suite\": \"conv_shapes\", \"name\": \"fma_peak_before\", \"gflops\": %.2f}\n", fmaPeak());
  for (const Shape& s : readShapes(argv[1])) {
    Tensor x = randn({s.n, s.c, s.h, s.w}), w = randn({s.o, s.c / s.groups, s.kh, s.kw});
    const std::vector<int64_t> stride{s.sh, s.sw}, pad{s.ph, s.pw}, dil{1, 1};
    auto call = [&] {
      Tensor r = conv2d(x, w, Tensor(), IntArrayRef(stride), IntArrayRef(pad), IntArrayRef(dil), s.groups);
    };
    const double seconds = cpuMedian(call, 0.3);
    std::printf("{\"suite\": \"conv_shapes\", \"name\": \"%s\", \"seconds\": %.9g, \"threads\": %d, \"backend\": \"%s\"}\n",
                key(s).c_str(), seconds, threads, lastConvolutionBackend());
    std::fflush(stdout);
  }
  std::printf("{\"suite\": \"conv_shapes\", \"name\": \"fma_peak_after\", \"gflops\": %.2f}\n", fmaPeak());
  return 0;
}
