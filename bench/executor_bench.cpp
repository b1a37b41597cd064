// The graph executor's warm-up (issue 17): for the small models of bench/programs (and the
// tensor-op interpreter program), compiled fresh, the first, second and third call timed one by
// one, then the steady-state call (median), next to PyTorch's profiling executor doing the same
// (bench/torch_executor_bench.py). The second call is the one that specialises: it must stay
// within a few milliseconds of the third. Also reported (ember only): the compile time of each
// stage of the specialised pipeline, of the preparation before profiling, and of specialising as a
// whole (guard, pipeline, Code emission), per model.
// One thread; run_all.sh pins both sides to one CPU.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "bench_util.h"
#include "ember/jit.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/graph_function.h"
#include "ember/tensor.h"

using namespace ember;
using namespace ember::jit;
using ember::bench::report;
using ember::bench::secondsSince;

namespace {

using ember::bench::warmMedian;

using Clock = std::chrono::steady_clock;

bool isSmallProgram(const std::string& name) { return name.rfind("models_", 0) == 0 || name == "interp_tensor_ops"; }

void benchProgram(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::string name = file.stem().string();
  NoGradGuard noGrad;
  auto cu = compile(text.str(), file.string());
  manual_seed(0);
  std::vector<IValue> args = cu->getFunction("inputs")({}).toTupleRef().elements;
  Function& forward = cu->getFunction("forward");
  const char* suites[] = {"exec_call1", "exec_call2", "exec_call3"};
  for (const char* suite : suites) {
    auto t0 = Clock::now();
    forward(args);
    report(suite, name, secondsSince(t0), 1);
  }
  report("exec_steady", name, warmMedian([&] { forward(args); }), 1);
  if (!forward.isGraphFunction()) return;
  GraphExecutorState s = static_cast<GraphFunction&>(forward).getExecutor().debugState();
  report("exec_compile_stage", name + ":prepare", s.prepareNanos * 1e-9, 1);
  report("exec_compile_stage", name + ":specialize_total", s.specializeNanos * 1e-9, 1);
  for (size_t i = 0; i < kNumPipelineStages; ++i)
    report("exec_compile_stage", name + ":" + pipelineStageName(static_cast<PipelineStage>(i)), s.stageNanos[i] * 1e-9,
           1);
}

}  // namespace

int main() {
  set_num_threads(1);
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(EMBER_BENCH_PROGRAMS)))
    if (e.path().extension() == ".py" && isSmallProgram(e.path().stem().string())) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) benchProgram(f);
}
