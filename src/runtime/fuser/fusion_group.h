// The run-time side of a prim::TensorExprGroup node: a kernel cache keyed by the inputs'
// signature (tile_program.h), the unfused fallback (the subgraph run by the interpreter), and
// the "never slower than unfused" decision.
//
// A call compiles the subgraph for its signature once (microseconds; cached). Signatures the
// fused kernels do not cover, and inputs whose shapes need it (tile_executor.h), run unfused.
// The first call of a signature in each size class (below / above 64K elements) times the fused
// kernel against the unfused ops and keeps the faster for that class, logged at
// EMBER_JIT_LOG_LEVEL (GRAPH_UPDATE of fusion_group.cpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "ember/core/ivalue.h"
#include "runtime/fuser/fused_cat.h"
#include "runtime/fuser/tile_program.h"

namespace ember::jit {

class Code;
class Graph;

class FusionGroup {
 public:
  explicit FusionGroup(std::shared_ptr<Graph> subgraph);
  ~FusionGroup();
  // Pops the group's inputs from `stack` and pushes its outputs.
  void run(Stack& stack);

 private:
  struct Entry;
  Entry& entryFor(const IValue* inputs);
  void runUnfused(Stack& stack);
  bool decide(Entry& e, int sizeClass, Stack& stack);
  bool runFused(const Entry& e, const IValue* inputs, std::vector<Tensor>& outputs) const;

  std::shared_ptr<Graph> subgraph_;
  size_t numInputs_;
  std::unique_ptr<Code> unfused_;
  std::unique_ptr<FusedCat> cat_;  // the group ends in a concatenation (fused_cat.h)
  std::mutex mutex_;
  std::unordered_map<std::string, std::unique_ptr<Entry>> cache_;
};

// Process-wide counters, for tests and benchmarks.
struct FuserStats {
  std::atomic<int64_t> fusedRuns{0};
  std::atomic<int64_t> unfusedRuns{0};
  std::atomic<int64_t> compiles{0};
  std::atomic<int64_t> compileNanos{0};  // total time in compileTileProgram
};
FuserStats& fuserStats();

// When true (tests), a group always runs its fused kernel when one exists, without timing it
// against the unfused ops (EMBER_FUSION=always sets it at start-up). PyTorch's nearest switch is
// _jit_set_te_must_use_llvm_cpu.
void setFuserMustUseFusedKernel(bool must);
bool fuserMustUseFusedKernel();

}  // namespace ember::jit
