// The CPU fuser on pointwise chains over 16M float32 elements, one thread (run_all.sh pins it to
// one CPU): each chain as a TorchScript function run by the profiling executor with fusion on
// (`<chain>_16M`) and off (`<chain>_16M_unfused`), a STREAM triad measured in the same run
// (`stream_triad_16M_f32`: the machine's bandwidth the chains are judged against), and the
// compile latency of the group's tile program (`compile_<chain>`). bench/torch_fuser_bench.py
// times the same functions in PyTorch (scripted, and eager); compare.py prints achieved GB/s.
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench_util.h"
#include "ember/jit.h"
#include "ember/tensor.h"
#include "passes/tensorexpr_fuser.h"
#include "runtime/fuser/fusion_group.h"

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
)PY";

double streamTriad() {
  std::vector<float> a(kN), b(kN, 1.5f), c(kN, 2.5f);
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
double timeFunction(bool fusion, const std::string& fn, const std::vector<IValue>& args) {
  setTensorExprFuserEnabled(fusion);
  auto cu = compile(kSource, "fuser_bench.py");
  Function& f = cu->getFunction(fn);
  for (int i = 0; i < 3; ++i) f(args);  // profile, specialise (fuse), first fused run
  return medianSeconds([&] { f(args); }, 1);
}

void benchChain(const std::string& name, const std::vector<IValue>& args) {
  int64_t compiles = fuserStats().compiles.load(), nanos = fuserStats().compileNanos.load();
  int64_t fusedRuns = fuserStats().fusedRuns.load();
  double fused = timeFunction(true, name, args);
  int64_t groups = fuserStats().compiles.load() - compiles;
  bool ranFused = fuserStats().fusedRuns.load() > fusedRuns;
  report("fuser", name + "_16M", fused, 1);
  if (groups > 0)
    report("fuser", "compile_" + name, (fuserStats().compileNanos.load() - nanos) * 1e-9 / static_cast<double>(groups),
           1);
  if (!ranFused) std::fprintf(stderr, "fuser_bench: %s did not run a fused kernel\n", name.c_str());
  report("fuser", name + "_16M_unfused", timeFunction(false, name, args), 1);
}

}  // namespace

int main() {
  set_num_threads(1);
  NoGradGuard noGrad;
  report("fuser", "stream_triad_16M_f32", streamTriad(), 1);
  manual_seed(0);
  Tensor a = randn({kN}), b = randn({kN});
  benchChain("chain10", {a, b});
  benchChain("tanh_sigmoid", {a, b});
  benchChain("axpb", {a, b});
  benchChain("bias_relu", {randn({4096, 4096}), randn({4096}), randn({4096})});
  setTensorExprFuserEnabled(true);
}
