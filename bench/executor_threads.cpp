// Throughput of one compiled function, and of one Module's forward, called from many threads at
// once (issue 17): the forward of bench/programs/models_mlp.py and models_lstm_cell_h64.py, and
// Module::forward of the same MLP as a module with parameters (mlp_module), warmed up (profiled and
// specialised), then called by 1, 2, 4 and 8 threads sharing the one function or module and its
// executor, each with one intra-op thread. Reports wall seconds per call (all threads' calls together: lower is better,
// perfect scaling divides it by the thread count up to the number of CPUs), next to PyTorch doing
// the same from Python threads (bench/torch_executor_threads.py). Not pinned: it is about cores.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>
#include <vector>

#include "bench_util.h"
#include "ember/jit.h"
#include "ember/tensor.h"

using namespace ember;
using namespace ember::jit;
using ember::bench::report;
using ember::bench::secondsSince;

namespace {

using Clock = std::chrono::steady_clock;

// Times `call` from 1, 2, 4 and 8 threads at once, after five warm-up calls.
void benchThreads(const std::string& name, const std::function<void()>& call) {
  auto t0 = Clock::now();
  for (int i = 0; i < 5; ++i) {
    NoGradGuard noGrad;
    call();
  }
  double once = std::max(secondsSince(t0) / 5, 1e-7);
  int total = std::max(64, static_cast<int>(0.3 / once));
  for (int threads : {1, 2, 4, 8}) {
    int each = std::max(1, total / threads);
    std::vector<std::thread> pool;
    t0 = Clock::now();
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&] {
        NoGradGuard noGrad;  // grad mode is per thread
        for (int i = 0; i < each; ++i) call();
      });
    }
    for (auto& th : pool) th.join();
    report("exec_threads", name, secondsSince(t0) / (each * threads), threads);
  }
}

void benchProgram(const std::string& name) {
  std::ifstream in(std::filesystem::path(EMBER_BENCH_PROGRAMS) / (name + ".py"));
  std::stringstream text;
  text << in.rdbuf();
  auto cu = compile(text.str(), name + ".py");
  manual_seed(0);
  std::vector<IValue> args;
  {
    NoGradGuard noGrad;
    args = cu->getFunction("inputs")({}).toTupleRef().elements;
  }
  Function& forward = cu->getFunction("forward");
  benchThreads(name, [&] { forward(args); });
}

// models_mlp as a module (the class form archives hold), so Module::forward is what the threads share.
const char* kMlpModule = R"SRC(
class MLP(Module):
  __parameters__ = ["w1", "b1", "w2", "b2", "w3", "b3", ]
  w1 : Tensor
  b1 : Tensor
  w2 : Tensor
  b2 : Tensor
  w3 : Tensor
  b3 : Tensor
  training : bool
  def forward(self, x: Tensor) -> Tensor:
    h = torch.relu(torch.linear(x, self.w1, self.b1))
    h = torch.relu(torch.linear(h, self.w2, self.b2))
    return torch.softmax(torch.linear(h, self.w3, self.b3), -1)
)SRC";

void benchModule() {
  Module m = compileModule(kMlpModule, "MLP");
  manual_seed(0);
  m.setattr("w1", rand({256, 128}));
  m.setattr("b1", rand({256}));
  m.setattr("w2", rand({256, 256}));
  m.setattr("b2", rand({256}));
  m.setattr("w3", rand({10, 256}));
  m.setattr("b3", rand({10}));
  m.setattr("training", false);
  Tensor x = rand({1, 128});
  benchThreads("mlp_module", [&] { m.forward({x}); });
}

}  // namespace

int main() {
  set_num_threads(1);
  for (const char* name : {"models_mlp", "models_lstm_cell_h64"}) benchProgram(name);
  benchModule();
}
