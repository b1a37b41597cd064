// The run-time side of a fusion group (see fusion_group.h).
#include "runtime/fuser/fusion_group.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include "ember/core/stack.h"
#include "ember/ir/ir.h"
#include "passes/jit_log.h"
#include "runtime/code.h"
#include "runtime/fuser/tile_executor.h"
#include "runtime/interpreter.h"

namespace ember::jit {
namespace {

// EMBER_FUSION=always: every group runs its fused kernel when it has one (no timing), so the
// corpora can check the kernels on their small inputs.
bool envAlwaysFused() {
  const char* e = std::getenv("EMBER_FUSION");
  return e && std::strcmp(e, "always") == 0;
}

std::atomic<bool> gMustUseFused{envAlwaysFused()};

enum Decision : int { kUndecided = 0, kFused = 1, kUnfused = 2 };
constexpr int64_t kLargeElements = int64_t{1} << 16;

int sizeClassOf(const IValue* inputs, size_t n) {
  int64_t most = 0;
  for (size_t i = 0; i < n; ++i)
    if (inputs[i].isTensor() && inputs[i].toTensor().defined()) most = std::max(most, inputs[i].toTensor().numel());
  return most >= kLargeElements ? 1 : 0;
}

double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

struct FusionGroup::Entry {
  std::optional<TileProgram> program;
  std::optional<CatProgram> cat;  // instead of `program` for a group ending in a concatenation
  bool covered() const { return program || cat; }
  std::atomic<int> decision[2] = {kUndecided, kUndecided};
};

FuserStats& fuserStats() {
  static FuserStats stats;
  return stats;
}

void setFuserMustUseFusedKernel(bool must) { gMustUseFused.store(must); }
bool fuserMustUseFusedKernel() { return gMustUseFused.load(); }

FusionGroup::FusionGroup(std::shared_ptr<Graph> subgraph)
    : subgraph_(std::move(subgraph)), numInputs_(subgraph_->inputs().size()) {
  unfused_ = std::make_unique<Code>(subgraph_->copy(), "TensorExprGroup");
  cat_ = FusedCat::of(*subgraph_);
}

FusionGroup::~FusionGroup() = default;

FusionGroup::Entry& FusionGroup::entryFor(const IValue* inputs) {
  std::string key = tileSignature(inputs, numInputs_);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = cache_.find(key);
  if (it != cache_.end()) return *it->second;
  auto e = std::make_unique<Entry>();
  auto start = std::chrono::steady_clock::now();
  if (cat_)
    e->cat = cat_->compile(inputs);
  else
    e->program = compileTileProgram(*subgraph_, inputs);
  double took = secondsSince(start);
  fuserStats().compiles.fetch_add(1);
  fuserStats().compileNanos.fetch_add(static_cast<int64_t>(took * 1e9));
  GRAPH_UPDATE("fusion group compiled for signature ", key, " in ", took * 1e6, " us: ",
               e->program ? "\n" + e->program->str()
               : e->cat   ? "a concatenation of " + std::to_string(cat_->numPieces()) + " pieces"
                          : "not covered, runs unfused:\n" + subgraph_->toString());
  return *cache_.emplace(key, std::move(e)).first->second;
}

void FusionGroup::runUnfused(Stack& stack) {
  fuserStats().unfusedRuns.fetch_add(1, std::memory_order_relaxed);
  runCode(*unfused_, stack);
}

void FusionGroup::run(Stack& stack) {
  const IValue* inputs = stack.data() + stack.size() - numInputs_;
  Entry& e = entryFor(inputs);
  if (!e.covered()) return runUnfused(stack);
  const int sizeClass = sizeClassOf(inputs, numInputs_);
  int decision = fuserMustUseFusedKernel() ? kFused : e.decision[sizeClass].load(std::memory_order_acquire);
  if (decision == kUnfused) return runUnfused(stack);
  if (decision == kUndecided && decide(e, sizeClass, stack)) return;
  std::vector<Tensor> outputs;
  if (!runFused(e, inputs, outputs)) return runUnfused(stack);
  fuserStats().fusedRuns.fetch_add(1, std::memory_order_relaxed);
  drop(stack, numInputs_);
  for (Tensor& t : outputs) stack.emplace_back(std::move(t));
}

bool FusionGroup::runFused(const Entry& e, const IValue* inputs, std::vector<Tensor>& outputs) const {
  if (!e.cat) return runTileProgram(*e.program, inputs, numInputs_, outputs);
  Tensor out;
  if (!cat_->run(*e.cat, inputs, numInputs_, out)) return false;
  outputs.clear();
  outputs.push_back(std::move(out));
  return true;
}

// Times both paths on these inputs and records the faster; leaves the outputs on `stack` and
// returns true, or returns false (nothing decided) when the fused kernel declined the shapes.
bool FusionGroup::decide(Entry& e, int sizeClass, Stack& stack) {
  const IValue* inputs = stack.data() + stack.size() - numInputs_;
  Stack copy(inputs, inputs + numInputs_);
  auto t0 = std::chrono::steady_clock::now();
  runCode(*unfused_, copy);
  double unfusedTime = secondsSince(t0);
  copy.clear();  // only timed: freed before the fused run, so trials add no live tensors
  std::vector<Tensor> outputs;
  auto t1 = std::chrono::steady_clock::now();
  if (!runFused(e, inputs, outputs)) return false;
  double fusedTime = secondsSince(t1);
  if (fusedTime > unfusedTime) {
    // A second look before giving up on the kernel: first runs pay for cold caches and pages.
    // At most one set of outputs is alive at a time (peak memory as an unfused call's).
    outputs.clear();
    Stack again(inputs, inputs + numInputs_);
    auto t2 = std::chrono::steady_clock::now();
    runCode(*unfused_, again);
    unfusedTime = std::min(unfusedTime, secondsSince(t2));
    again.clear();
    auto t3 = std::chrono::steady_clock::now();
    runFused(e, inputs, outputs);
    fusedTime = std::min(fusedTime, secondsSince(t3));
  }
  int decision = fusedTime <= unfusedTime ? kFused : kUnfused;
  e.decision[sizeClass].store(decision, std::memory_order_release);
  GRAPH_UPDATE("fusion group (", sizeClass ? "large" : "small", " inputs): fused ", fusedTime * 1e6, " us, unfused ",
               unfusedTime * 1e6, " us: keeps the ", decision == kFused ? "fused kernel" : "unfused ops");
  fuserStats().fusedRuns.fetch_add(1, std::memory_order_relaxed);
  drop(stack, numInputs_);
  for (Tensor& t : outputs) stack.emplace_back(std::move(t));
  return true;
}

}  // namespace ember::jit
