// Forward + backward of a 3-layer tanh MLP written in TorchScript, through the profiling executor:
// with JIT autodiff (the default: the layers become one prim::DifferentiableGraph, backward is
// its symbolic graph run as one autograd node) and without (setAutodiffEnabled(false): every op
// records an eager node). PyTorch's side is bench/torch_autodiff_bench.py (its profiling
// executor with its own autodiff). One thread; run_all.sh pins both sides to the same vCPU.
//
//   {"suite": "autodiff", "name": "mlp_<batch>x<width>[_eager]", "seconds": ..., "threads": 1}
#include <cstdio>
#include <cstdlib>

#include "bench_util.h"
#include "ember/api/compilation_unit.h"
#include "ember/runtime/autograd.h"
#include "ember/runtime/graph_executor.h"
#include "ember/tensor.h"
#include "frontend/compile.h"
#include "runtime/autodiff/autodiff_stage.h"

using namespace ember;
using namespace ember::jit;

namespace {

const char* kSource = R"TS(
def mlp(x: Tensor, w1: Tensor, b1: Tensor, w2: Tensor, b2: Tensor, w3: Tensor, b3: Tensor) -> Tensor:
    h = torch.tanh(torch.matmul(x, w1) + b1)
    h = torch.tanh(torch.matmul(h, w2) + b2)
    out = torch.matmul(h, w3) + b3
    return (out * out).mean()
)TS";

Tensor param(std::vector<int64_t> sizes, double scale, int64_t seed) {
  manual_seed(seed);
  Tensor t = ember::mul(ember::randn(sizes), Scalar(scale));
  autograd::setRequiresGrad(t);
  return t;
}

void runCase(int64_t batch, int64_t width, bool jitAutodiff) {
  setAutodiffEnabled(jitAutodiff);
  auto cu = compile(kSource);
  Function& f = cu->getFunction("mlp");
  manual_seed(0);
  Tensor x = ember::randn({batch, width});
  double s = 1.0 / std::sqrt(static_cast<double>(width));
  std::vector<Tensor> ps = {param({width, width}, s, 1), param({width}, 0.1, 2),   param({width, width}, s, 3),
                            param({width}, 0.1, 4),      param({width, 10}, s, 5), param({10}, 0.1, 6)};
  auto step = [&] {
    std::vector<IValue> args{x};
    for (const Tensor& p : ps) args.emplace_back(p);
    Tensor loss = f(args).toTensor();
    autograd::grad({loss}, ps);
  };
  double seconds = bench::warmMedian(step, 0.5);
  std::string name = "mlp_" + std::to_string(batch) + "x" + std::to_string(width) + (jitAutodiff ? "" : "_eager");
  bench::report("autodiff", name, seconds, 1);
}

}  // namespace

int main() {
  set_num_threads(1);
  setProfilingExecutor(true);
  for (auto [batch, width] : {std::pair<int64_t, int64_t>{8, 32}, {64, 256}})
    for (bool jit : {true, false}) runCase(batch, width, jit);
  return 0;
}
