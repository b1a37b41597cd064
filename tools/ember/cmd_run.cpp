// `ember run TARGET`: calls a method of an archive or a function of a TorchScript source file,
// prints the result as Python prints it or saves it in torch.save format, and optionally times
// repeated calls.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "ember/error.h"
#include "ember/runtime/grad_mode.h"
#include "ember/runtime/profiler.h"
#include "ember/serialization/torch_save.h"
#include "ember/tensor/parallel.h"
#include "options.h"
#include "target.h"

namespace ember::cli {

namespace {

const char* kUsage =
    "usage: ember run TARGET [--method NAME] [--inputs FILE] [--save-outputs FILE]\n"
    "                        [--warmup N] [--repeat N] [--threads N] [--json] [--no-grad]\n"
    "                        [--profile] [--profile-shapes]\n"
    "\n"
    "TARGET is a TorchScript archive (.pt from torch.jit.save or ember) or a TorchScript source\n"
    "file (compiled as torch.jit.CompilationUnit compiles a string).\n"
    "\n"
    "  --method NAME        method or function to call (default: forward)\n"
    "  --inputs FILE        positional arguments: a torch.save file holding a tuple or list of\n"
    "                       them (any TorchScript values), or a .npy file (one tensor)\n"
    "  --save-outputs FILE  write the result in torch.save format instead of printing it\n"
    "  --warmup N           calls after the first one, left out of the statistics (default 0;\n"
    "                       the first of them is reported as the second call)\n"
    "  --repeat N           time N more calls and print latency statistics\n"
    "                       (with --warmup or --repeat, an archive's module in eval mode has its\n"
    "                       linear layers' weights packed at load, reported in the load time)\n"
    "  --threads N          intra-op threads (default: all cores)\n"
    "  --json               print the timings as one JSON object on the last line of stdout\n"
    "  --no-grad            run as under torch.no_grad() (nn layers' fused inference paths)\n"
    "  --profile            time every operator of the timed calls (of the first call when there\n"
    "                       are none) and print a table of them on stderr\n"
    "  --profile-shapes     the same, with calls of different input shapes in rows of their own\n";

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Timings {
  double loadMs = 0, firstCallMs = 0;
  double secondCallMs = -1;  // the first warmup call (the one that specialises); -1: none
  std::vector<double> repeatsMs;
};

// Python's print(): strings bare, everything else as repr().
void printResult(const jit::IValue& v) {
  if (v.isString()) std::cout << v.toStringRef() << "\n";
  else std::cout << v.repr() << "\n";
}

double percentile(std::vector<double> sorted, double p) {
  if (sorted.empty()) return 0;
  size_t i = static_cast<size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(i, sorted.size() - 1)];
}

void printTimings(const Timings& t, int threads, bool json) {
  std::vector<double> s = t.repeatsMs;
  std::sort(s.begin(), s.end());
  if (!json) {
    std::printf("load %.3f ms, first call %.3f ms", t.loadMs, t.firstCallMs);
    if (t.secondCallMs >= 0) std::printf(", second call %.3f ms", t.secondCallMs);
    if (!s.empty())
      std::printf("; %zu calls: median %.4f ms, min %.4f ms, p90 %.4f ms", s.size(), percentile(s, 0.5), s.front(),
                  percentile(s, 0.9));
    std::printf(" (%d thread%s)\n", threads, threads == 1 ? "" : "s");
    return;
  }
  auto num = [&](double v) { return s.empty() ? std::string("null") : std::to_string(v); };
  std::printf(
      "{\"load_ms\": %.6f, \"first_call_ms\": %.6f, \"second_call_ms\": %s, \"median_ms\": %s, "
      "\"min_ms\": %s, \"p90_ms\": %s, \"repeat\": %zu, \"threads\": %d}\n",
      t.loadMs, t.firstCallMs, t.secondCallMs < 0 ? "null" : std::to_string(t.secondCallMs).c_str(),
      num(percentile(s, 0.5)).c_str(), num(s.empty() ? 0 : s.front()).c_str(),
      num(percentile(s, 0.9)).c_str(), s.size(), threads);
}

}  // namespace

int runRun(const std::vector<std::string>& args) {
  Options opts("run", kUsage);
  for (const char* o : {"--method", "--inputs", "--save-outputs", "--warmup", "--repeat", "--threads"}) opts.option(o);
  opts.flag("--json");
  opts.flag("--no-grad");
  opts.flag("--profile");
  opts.flag("--profile-shapes");
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.positionals().size() != 1) return opts.fail("expected one TARGET");
  auto warmup = opts.getInt("--warmup", 0, 0, 1000000000);
  auto repeat = opts.getInt("--repeat", 0, 0, 1000000000);
  auto threads = opts.getInt("--threads", 0, 1, 4096);
  if (!warmup || !repeat || !threads) return 1;
  try {
    if (opts.has("--threads")) set_num_threads(static_cast<int>(*threads));
    std::optional<jit::NoGradGuard> noGrad;
    if (opts.has("--no-grad")) noGrad.emplace();
    Timings t;
    auto start = Clock::now();
    Target target = loadTarget(opts.positionals()[0]);
    // A single call would not pay back packing the weights ahead of it.
    if (*warmup > 0 || *repeat > 0) prepareForCalls(target);
    t.loadMs = msSince(start);
    jit::Function& fn = target.function(opts.get("--method").value_or("forward"));
    std::vector<jit::IValue> inputs = loadInputs(opts.get("--inputs"));
    bool profile = opts.has("--profile") || opts.has("--profile-shapes");
    if (profile && *repeat == 0) jit::OpProfiler::enable(opts.has("--profile-shapes"));
    start = Clock::now();
    jit::IValue result = target.call(fn, inputs);
    t.firstCallMs = msSince(start);
    for (long i = 0; i < *warmup; ++i) {
      start = Clock::now();
      target.call(fn, inputs);
      if (i == 0) t.secondCallMs = msSince(start);
    }
    if (profile && *repeat > 0) jit::OpProfiler::enable(opts.has("--profile-shapes"));
    for (long i = 0; i < *repeat; ++i) {
      start = Clock::now();
      target.call(fn, inputs);
      t.repeatsMs.push_back(msSince(start));
    }
    jit::OpProfiler::disable();
    if (profile) std::cerr << jit::OpProfiler::table(opts.has("--profile-shapes") ? 40 : 30);
    if (auto out = opts.get("--save-outputs")) jit::pickleSave(result, *out);
    else printResult(result);
    if (*repeat > 0 || opts.has("--json")) printTimings(t, get_num_threads(), opts.has("--json"));
    return 0;
  } catch (const std::exception& e) {
    std::cout.flush();
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

}  // namespace ember::cli
