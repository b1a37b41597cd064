// The CPU fuser on pointwise chains over 16M float32 elements, one thread (run_all.sh pins it to
// one CPU): each chain as a TorchScript function run by the profiling executor with fusion on
// (`<chain>_16M`) and off (`<chain>_16M_unfused`), a STREAM triad measured in the same run
// (`stream_triad_16M_f32`: the machine's bandwidth the chains are judged against), and the
// compile latency of the group's tile program (`compile_<chain>`). bench/torch_fuser_bench.py
// times the same functions in PyTorch (scripted, and eager); compare.py prints achieved GB/s.
// softmax_rows and sum_rows are groups ending in a reduction over 4096 rows of 4096, cat_dim1
// one ending in a concatenation. On stderr:
// each chain's bandwidth as a percentage of the triad's, the two timed alternately (the issue's
// measure; the median of the per-round ratios, with the load average; the triad is the faster of
// a plain one and one with non-temporal stores, so streamed outputs get no unfair advantage),
// and chain10's cost per element when its inputs stay in L2 (`chain10_128K`: the compute a
// memory-bound chain must hide; with and without register chains). The percentages are printed
// at one thread and, when the process may use two CPUs (not under run_all.sh's taskset), at two.
// The conv and linear epilogues, fused and unfused
// (`fuser_bench epilogues` alone). `fuser_bench CHAIN [fused]` runs one chain (for profiling).
#include <sched.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench_util.h"
#include "ember/jit.h"
#include "ember/tensor.h"
#include "ember/tensor/ops/conv_fused.h"
#include "ember/tensor/ops/linear_fused.h"
#include "ember/tensor/parallel.h"
#include "passes/tensorexpr_fuser.h"
#include "runtime/fuser/fusion_group.h"
#include "runtime/fuser/tile_chain.h"

using namespace ember;
using namespace ember::jit;
using ember::bench::medianSeconds;
using ember::bench::report;

namespace {

constexpr int64_t kN = int64_t{1} << 24;

const char* kSource = R"PY(
def chain10(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (torch.sqrt(torch.relu((a * b + a) * 0.5 - b) + 1) * a - b) * 0.25

def tanh_sigmoid(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.sigmoid(torch.tanh(a) * b) + torch.tanh(b)

def bias_relu(x: torch.Tensor, w: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    return torch.relu(x * w + bias)

def axpb(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (a + b) * 0.5 - 1.0

def softmax_rows(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.softmax(a * b + a, dim=-1)

def sum_rows(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.sum(torch.tanh(a) * b - a, dim=-1)

def lstm_cell(gates: torch.Tensor, cx: torch.Tensor):
    i, f, g, o = gates.chunk(4, 1)
    cy = torch.sigmoid(f) * cx + torch.sigmoid(i) * torch.tanh(g)
    hy = torch.sigmoid(o) * torch.tanh(cy)
    return hy, cy

def cat_dim1(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.cat([torch.tanh(a) * b, a - b], 1)
)PY";

double streamTriad() {
  static std::vector<float> a(kN), b(kN, 1.5f), c(kN, 2.5f);
  float* __restrict pa = a.data();
  const float* __restrict pb = b.data();
  const float* __restrict pc = c.data();
  return medianSeconds(
      [&] {
        for (int64_t i = 0; i < kN; ++i) pa[i] = pb[i] + 3.0f * pc[i];
      },
      1);
}

// Median seconds of `fn` on `args` after the profiling and specialising calls.
double timeFunction(bool fusion, const std::string& fn, const std::vector<IValue>& args, int inner = 1) {
  setTensorExprFuserEnabled(fusion);
  auto cu = compile(kSource, "fuser_bench.py");
  Function& f = cu->getFunction(fn);
  for (int i = 0; i < 3; ++i) f(args);  // profile, specialise (fuse), first fused run
  return medianSeconds([&] { f(args); }, inner);
}

// Seconds of one call of fn().
template <typename Fn>
double onceSeconds(Fn&& fn) {
  auto t0 = std::chrono::steady_clock::now();
  fn();
  return ember::bench::secondsSince(t0);
}

// The chain's bandwidth against the triad's, the two timed alternately (a triad, a chain, a
// triad, ...) so that both see the same load on a shared machine: the median over rounds of
// the ratio within a round, with the medians of each side's GB/s.
struct TriadRatio {
  double percent, chainGbs, triadGbs;
};

// The triad on the intra-op pool (as many threads as the chain gets; inline with one).
void parallelTriad(float* __restrict pa, const float* __restrict pb, const float* __restrict pc) {
  parallelFor(0, kN, int64_t{1} << 16, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) pa[i] = pb[i] + 3.0f * pc[i];
  });
}

// The same triad writing `a` with non-temporal stores, as STREAM built by vendor compilers does:
// without the read-for-ownership of each output line it moves 12 bytes per element instead of
// 16, so it is the fair yardstick for fused groups, which stream their large outputs too.
void parallelStreamingTriad(float* __restrict pa, const float* __restrict pb, const float* __restrict pc) {
  parallelFor(0, kN, int64_t{1} << 16, [&](int64_t begin, int64_t end) {
    int64_t i = begin;
#if defined(__x86_64__)
    for (; i < end && (reinterpret_cast<uintptr_t>(pa + i) & 15) != 0; ++i) pa[i] = pb[i] + 3.0f * pc[i];
    const __m128 three = _mm_set1_ps(3.0f);
    for (; i + 4 <= end; i += 4)
      _mm_stream_ps(pa + i, _mm_add_ps(_mm_loadu_ps(pb + i), _mm_mul_ps(three, _mm_loadu_ps(pc + i))));
    _mm_sfence();
#endif
    for (; i < end; ++i) pa[i] = pb[i] + 3.0f * pc[i];
  });
}

// Per round: both triads and the chain; the chain is judged against the faster triad.
TriadRatio interleavedRatio(Function& f, const std::vector<IValue>& args, int64_t bytesPerElement) {
  std::vector<double> ratio, chain, triad;
  static std::vector<float> a(kN), b(kN, 1.5f), c(kN, 2.5f);
  for (int r = 0; r < 9; ++r) {
    const double plain = onceSeconds([&] { parallelTriad(a.data(), b.data(), c.data()); });
    const double streaming = onceSeconds([&] { parallelStreamingTriad(a.data(), b.data(), c.data()); });
    const double t = std::min(plain, streaming);
    const double s = onceSeconds([&] { f(args); });
    chain.push_back(static_cast<double>(bytesPerElement * kN) / s * 1e-9);
    triad.push_back(12.0 * kN / t * 1e-9);
    ratio.push_back(100 * chain.back() / triad.back());
  }
  auto median = [](std::vector<double>& v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  return {median(ratio), median(chain), median(triad)};
}

double loadAverage() {
  double l = -1;
  if (std::FILE* fp = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(fp, "%lf", &l) != 1) l = -1;
    std::fclose(fp);
  }
  return l;
}

// The CPUs this process may run on (run_all.sh pins single-thread suites to one).
int allowedCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  return sched_getaffinity(0, sizeof(set), &set) == 0 ? CPU_COUNT(&set) : 1;
}

// `fuser_bench [CHAIN [fused]]`: only that chain, and only its fused run (for profiling).
const char* gOnly = nullptr;
bool gFusedOnly = false;

void benchChain(const std::string& name, const std::vector<IValue>& args, int64_t bytesPerElement) {
  if (gOnly && name != gOnly) return;
  int64_t compiles = fuserStats().compiles.load(), nanos = fuserStats().compileNanos.load();
  int64_t fusedRuns = fuserStats().fusedRuns.load();
  setTensorExprFuserEnabled(true);
  auto cu = compile(kSource, "fuser_bench.py");
  Function& f = cu->getFunction(name);
  for (int i = 0; i < 3; ++i) f(args);  // profile, specialise (fuse), first fused run
  const double fused = medianSeconds([&] { f(args); }, 1);
  int64_t groups = fuserStats().compiles.load() - compiles;
  bool ranFused = fuserStats().fusedRuns.load() > fusedRuns;
  report("fuser", name + "_16M", fused, 1);
  // Bytes moved over time against the triad's (12 bytes per element), as compare.py derives it,
  // at one thread and at two (the chain and the triad each on two threads of the pool).
  for (int threads : {1, 2}) {
    if (threads > allowedCpus()) {
      std::fprintf(stderr, "fuser_bench: %s at %d threads skipped: the process may use %d CPU(s) (taskset)\n",
                   name.c_str(), threads, allowedCpus());
      continue;
    }
    set_num_threads(threads);
    const TriadRatio tr = interleavedRatio(f, args, bytesPerElement);
    std::fprintf(stderr,
                 "fuser_bench: %s fused %.2f GB/s = %.0f%% of the triad's %.2f GB/s, %d thread%s (load average %.1f)\n",
                 name.c_str(), tr.chainGbs, tr.percent, tr.triadGbs, threads, threads > 1 ? "s" : "", loadAverage());
  }
  set_num_threads(1);
  if (groups > 0)
    report("fuser", "compile_" + name, (fuserStats().compileNanos.load() - nanos) * 1e-9 / static_cast<double>(groups),
           1);
  if (!ranFused) std::fprintf(stderr, "fuser_bench: %s did not run a fused kernel\n", name.c_str());
  if (!gFusedOnly) report("fuser", name + "_16M_unfused", timeFunction(false, name, args), 1);
}

// The 10-op chain on inputs that stay in L2 (128K elements): the tile loop's compute cost per
// element, which a memory-bound chain must hide behind its memory traffic.
void benchInCache() {
  if (gOnly && std::string(gOnly) != "chain10" && std::string(gOnly) != "chain10_128K") return;
  Tensor a = randn({int64_t{1} << 17}), b = randn({int64_t{1} << 17});
  // Without register chains (one instruction per op, tile_chain.h) and with them, alternately.
  std::vector<double> with, without;
  for (int round = 0; round < 3; ++round) {
    setTileChainsEnabled(false);
    without.push_back(timeFunction(true, "chain10", {a, b}, 200));
    setTileChainsEnabled(true);
    with.push_back(timeFunction(true, "chain10", {a, b}, 200));
  }
  std::sort(with.begin(), with.end());
  std::sort(without.begin(), without.end());
  const double fused = with[1];
  report("fuser", "chain10_128K", fused, 1);
  report("fuser", "chain10_128K_no_chains", without[1], 1);
  std::fprintf(stderr, "fuser_bench: chain10 in L2 fused %.2f ns per element (%.2f without register chains)\n",
               fused / (1 << 17) * 1e9, without[1] / (1 << 17) * 1e9);
  if (!gFusedOnly) report("fuser", "chain10_128K_unfused", timeFunction(false, "chain10", {a, b}, 50), 1);
}

// The heavy ops' epilogues (optimize_for_inference's ember::matmul_fused and conv2d_fused)
// against the unfused operators they replace, in the same run: a frozen linear as
// matmul(x, wt) + bias + residual -> relu over a 16384 x 256 output (16 MiB of float32), the
// same at 256 x 256 (in cache), and a ResNet block end conv3x3 + identity -> relu at 64 x 56 x 56.
void benchEpilogues() {
  if (gOnly && std::string(gOnly) != "epilogues") return;
  auto both = [](const std::string& name, auto fused, auto unfused, int inner) {
    const double f = medianSeconds(fused, inner), u = medianSeconds(unfused, inner);
    report("fuser", name + "_epilogue_fused", f, 1);
    report("fuser", name + "_epilogue_unfused", u, 1);
    std::fprintf(stderr, "fuser_bench: %s epilogue fused %.3f ms, unfused %.3f ms (%.2fx, load average %.1f)\n",
                 name.c_str(), f * 1e3, u * 1e3, u / f, loadAverage());
  };
  for (int64_t rows : {int64_t{16384}, int64_t{256}}) {
    Tensor x = randn({rows, 256}), wt = randn({256, 256}), b = randn({256}), id = randn({rows, 256});
    both("linear_" + std::to_string(rows) + "x256", [&] { matmul_fused(x, wt, b, id, "relu"); },
         [&] { relu(add(add(matmul(x, wt), b), id)); }, rows > 1024 ? 1 : 50);
  }
  Tensor x = randn({1, 64, 56, 56}), w = randn({64, 64, 3, 3}), b = randn({64}), id = randn({1, 64, 56, 56});
  both("conv3x3_64x56x56", [&] { conv2d_fused(x, w, b, {1}, {1}, {1}, 1, id, "relu"); },
       [&] { relu(add(conv2d(x, w, b, {1}, {1}, {1}, 1), id)); }, 5);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) gOnly = argv[1];
  gFusedOnly = argc > 2 && std::string(argv[2]) == "fused";
  set_num_threads(1);
  NoGradGuard noGrad;
  manual_seed(0);
  benchInCache();
  benchEpilogues();
  if (gOnly && std::string(gOnly) == "epilogues") return 0;
  if (gOnly && std::string(gOnly) == "chain10_128K") return 0;
  report("fuser", "stream_triad_16M_f32", streamTriad(), 1);
  Tensor a = randn({kN}), b = randn({kN});
  benchChain("chain10", {a, b}, 12);
  benchChain("tanh_sigmoid", {a, b}, 12);
  benchChain("axpb", {a, b}, 12);
  benchChain("bias_relu", {randn({4096, 4096}), randn({4096}), randn({4096})}, 8);
  // Groups ending in a reduction over rows of 4096.
  Tensor m = a.view({4096, 4096}), n = b.view({4096, 4096});
  benchChain("softmax_rows", {m, n}, 12);
  benchChain("sum_rows", {m, n}, 8);
  // An LSTM cell's pointwise part: gates [4096, 4 x 1024] in four pieces and the cell state read,
  // hy and cy written: 28 bytes per hidden element, 4M of them.
  benchChain("lstm_cell", {randn({4096, 4096}), randn({4096, 1024})}, 7);
  // A group ending in cat: two chains over [4096, 2048] written into the halves of each row of
  // the [4096, 4096] result (the unfused ops materialise both pieces, then copy them).
  benchChain("cat_dim1", {m.narrow(1, 0, 2048).contiguous(), n.narrow(1, 0, 2048).contiguous()}, 8);
  setTensorExprFuserEnabled(true);
}
