// TorchScript programs benchmarked end to end (issue 8): every bench/programs/<family>_<name>.py
// compiled as torch.jit.CompilationUnit compiles it, its inputs() made once, forward timed:
// compile time, first call and the median warm call, for 1 and 2 threads. bench/torch_programs.py
// does the same with PyTorch; families: interp (interpreter overhead), models (small models),
// pointwise (bandwidth-bound chains), reductions, compute (matmul).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "bench_util.h"
#include "ember/jit.h"
#include "ember/tensor.h"

using namespace ember;
using namespace ember::jit;
using ember::bench::report;
using ember::bench::secondsSince;

namespace {

using ember::bench::warmMedian;

using Clock = std::chrono::steady_clock;

void benchProgram(const std::filesystem::path& file, int threads) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::string name = file.stem().string();
  std::string family = name.substr(0, name.find('_'));
  NoGradGuard noGrad;
  auto t0 = Clock::now();
  auto cu = compile(text.str(), file.string());
  report("compile", name, secondsSince(t0), threads);
  manual_seed(0);
  IValue made = cu->getFunction("inputs")({});
  std::vector<IValue> args = made.toTupleRef().elements;
  Function& forward = cu->getFunction("forward");
  t0 = Clock::now();
  forward(args);
  report("first_call", name, secondsSince(t0), threads);
  report(family, name, warmMedian([&] { forward(args); }), threads);
}

}  // namespace

int main() {
  std::filesystem::path dir = std::filesystem::path(EMBER_BENCH_PROGRAMS);
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".py") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    for (const auto& f : files) benchProgram(f, threads);
  }
}
