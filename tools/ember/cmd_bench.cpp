// `ember bench TARGET --inputs FILE`: warm-up and timed calls with a progress bar, then the
// latency statistics side by side with PyTorch 1.13 running the same target on the same inputs
// (through /usr/bin/python3, when it has torch).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>

#include <unistd.h>

#include "commands.h"
#include "ember/runtime/grad_mode.h"
#include "ember/tensor/parallel.h"
#include "options.h"
#include "target.h"

namespace ember::cli {

namespace {
const char* kUsage =
    "usage: ember bench TARGET [--inputs FILE] [--method NAME] [--warmup N] [--repeat N]\n"
    "                          [--threads N] [--no-torch] [--grad]\n"
    "\n"
    "Times calls of a method of an archive or a function of a TorchScript source file, showing\n"
    "progress, and runs the same with PyTorch (/usr/bin/python3) for a side-by-side comparison.\n"
    "\n"
    "  --inputs FILE   positional arguments (torch.save tuple/list, or .npy)\n"
    "  --method NAME   method or function (default: forward)\n"
    "  --warmup N      untimed calls after the first (default 10)\n"
    "  --repeat N      timed calls (default 100)\n"
    "  --threads N     intra-op threads for both (default: all cores)\n"
    "  --no-torch      skip the PyTorch run\n"
    "  --grad          keep grad mode on (both run under torch.no_grad() by default)\n";

// Times the same target in PyTorch; prints "load first median min p90" in ms.
const char* kTorchScript = R"PY(
import sys, time, torch
path, method, inputs, warmup, repeat, threads, grad = sys.argv[1:8]
torch.set_num_threads(int(threads))
t0 = time.perf_counter()
data = open(path, 'rb').read(4)
if data == b'PK\x03\x04':
    fn = getattr(torch.jit.load(path), method)
else:
    fn = getattr(torch.jit.CompilationUnit(open(path).read()), method)
load = (time.perf_counter() - t0) * 1e3
args = ()
if inputs.endswith('.npy'):
    import numpy
    args = (torch.from_numpy(numpy.load(inputs)),)
elif inputs:
    v = torch.load(inputs)
    args = tuple(v) if isinstance(v, (tuple, list)) else (v,)
with torch.set_grad_enabled(grad == '1'):
    t0 = time.perf_counter(); fn(*args); first = (time.perf_counter() - t0) * 1e3
    for _ in range(int(warmup)): fn(*args)
    times = []
    for _ in range(int(repeat)):
        t0 = time.perf_counter(); fn(*args); times.append((time.perf_counter() - t0) * 1e3)
times.sort()
pick = lambda p: times[min(len(times) - 1, int(p * (len(times) - 1) + 0.5))]
print(load, first, pick(0.5), times[0], pick(0.9))
)PY";

struct Stats {
  double load = 0, first = 0, median = 0, min = 0, p90 = 0;
};

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// A progress bar on a terminal (redrawn when it grows); one line per phase otherwise.
void progress(const char* phase, long done, long total) {
  static const bool tty = isatty(fileno(stderr));
  int width = 30, filled = total ? static_cast<int>(width * done / total) : width;
  static int lastFilled = -1;
  if (!tty) {
    if (done == 1) std::fprintf(stderr, "%-8s %ld calls\n", phase, total);
    return;
  }
  if (filled == lastFilled && done != total && done != 1) return;
  lastFilled = done == total ? -1 : filled;
  std::fprintf(stderr, "\r%-8s [%s%s] %ld/%ld", phase, std::string(static_cast<size_t>(filled), '#').c_str(),
               std::string(static_cast<size_t>(width - filled), '.').c_str(), done, total);
  if (done == total) std::fprintf(stderr, "\n");
}

std::string shellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs PyTorch; nullopt (with a note) when it is not available or fails.
std::optional<Stats> torchStats(const std::string& path, const std::string& method, const std::string& inputs,
                                long warmup, long repeat, int threads, bool grad) {
  std::FILE* probe = std::fopen("/usr/bin/python3", "r");
  if (!probe) return std::nullopt;
  std::fclose(probe);
  // PyTorch runs with libgomp's default spin wait, which the tool changed for itself only
  // (openmp_wait.cpp).
  const char* stockOpenmp = std::getenv("EMBER_SET_GOMP_SPINCOUNT") ? "env -u GOMP_SPINCOUNT " : "";
  std::string cmd = std::string(stockOpenmp) + "/usr/bin/python3 -c " + shellQuote(kTorchScript) + " " + shellQuote(path) + " " +
                    shellQuote(method) + " " + shellQuote(inputs) + " " + std::to_string(warmup) + " " +
                    std::to_string(repeat) + " " + std::to_string(threads) + (grad ? " 1" : " 0") + " 2>/dev/null";
  std::fprintf(stderr, "pytorch  running %ld calls ...\n", repeat);
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> pipe(popen(cmd.c_str(), "r"), pclose);
  if (!pipe) return std::nullopt;
  Stats s;
  if (std::fscanf(pipe.get(), "%lf %lf %lf %lf %lf", &s.load, &s.first, &s.median, &s.min, &s.p90) != 5)
    return std::nullopt;
  return s;
}

double pick(const std::vector<double>& sorted, double p) {
  return sorted[std::min(sorted.size() - 1, static_cast<size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5))];
}
}  // namespace

int runBench(const std::vector<std::string>& args) {
  Options opts("bench", kUsage);
  for (const char* o : {"--inputs", "--method", "--warmup", "--repeat", "--threads"}) opts.option(o);
  opts.flag("--no-torch");
  opts.flag("--grad");
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.positionals().size() != 1) return opts.fail("expected one TARGET");
  auto warmup = opts.getInt("--warmup", 10, 0, 100000000);
  auto repeat = opts.getInt("--repeat", 100, 1, 100000000);
  auto threads = opts.getInt("--threads", 0, 1, 4096);
  if (!warmup || !repeat || !threads) return 1;
  try {
    if (opts.has("--threads")) set_num_threads(static_cast<int>(*threads));
    std::optional<jit::NoGradGuard> noGrad;
    if (!opts.has("--grad")) noGrad.emplace();
    std::string path = opts.positionals()[0], method = opts.get("--method").value_or("forward");
    Stats ember;
    auto t0 = Clock::now();
    Target target = loadTarget(path);
    prepareForCalls(target);
    ember.load = msSince(t0);
    jit::Function& fn = target.function(method);
    std::vector<jit::IValue> inputs = loadInputs(opts.get("--inputs"));
    t0 = Clock::now();
    target.call(fn, inputs);
    ember.first = msSince(t0);
    for (long i = 0; i < *warmup; ++i) {
      target.call(fn, inputs);
      progress("warm-up", i + 1, *warmup);
    }
    std::vector<double> times;
    for (long i = 0; i < *repeat; ++i) {
      t0 = Clock::now();
      target.call(fn, inputs);
      times.push_back(msSince(t0));
      progress("timing", i + 1, *repeat);
    }
    std::sort(times.begin(), times.end());
    ember.median = pick(times, 0.5);
    ember.min = times.front();
    ember.p90 = pick(times, 0.9);
    std::optional<Stats> torch;
    if (!opts.has("--no-torch"))
      torch = torchStats(path, method, opts.get("--inputs").value_or(""), *warmup, *repeat, get_num_threads(),
                         opts.has("--grad"));
    std::printf("%-16s %12s %12s %12s\n", "(ms)", "ember", "pytorch", "pytorch/ember");
    auto row = [&](const char* name, double e, std::optional<double> t) {
      if (t) std::printf("%-16s %12.4f %12.4f %12.2fx\n", name, e, *t, e > 0 ? *t / e : 0.0);
      else std::printf("%-16s %12.4f %12s %12s\n", name, e, "-", "-");
    };
    auto tv = [&](double Stats::*f) { return torch ? std::optional<double>((*torch).*f) : std::nullopt; };
    row("load", ember.load, tv(&Stats::load));
    row("first call", ember.first, tv(&Stats::first));
    row("median", ember.median, tv(&Stats::median));
    row("min", ember.min, tv(&Stats::min));
    row("p90", ember.p90, tv(&Stats::p90));
    std::printf("%ld calls, %d thread%s%s\n", *repeat, get_num_threads(), get_num_threads() == 1 ? "" : "s",
                torch || opts.has("--no-torch") ? "" : " (PyTorch not available or failed)");
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

}  // namespace ember::cli
