// GraphExecutor's front (the implementations are chosen at construction) and the specialising
// executor: one ExecutionPlan per ArgumentSpec of the inputs. On a miss the graph is copied, its
// tensor inputs refined to the observed dtype/rank/device/requires_grad, the required passes run
// and interpreter Code emitted.
//
// Note [Executor fast path]
// Most functions only ever see one spec. The first plan is published through an atomic pointer;
// a call whose inputs match it takes no lock and allocates nothing. A second plan turns the fast
// path off for good and lookups go through the locked map.
#include "ember/runtime/graph_executor.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "ember/core/code_epoch.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "runtime/argument_spec.h"
#include "runtime/code.h"
#include "runtime/graph_executor_impl.h"
#include "runtime/interpreter.h"

#include "passes/common_subexpression_elimination.h"
#include "passes/constant_pooling.h"
#include "passes/constant_propagation.h"
#include "passes/dead_code_elimination.h"
#include "passes/inliner.h"
#include "passes/lower_tuples.h"
#include "passes/peephole.h"
#include "passes/peephole_alias_sensitive.h"

namespace ember::jit {
namespace {

bool environmentSaysOff(const char* name) {
  const char* v = std::getenv(name);
  return v && std::strcmp(v, "0") == 0;
}

// EMBER_JIT=0 (or PyTorch's PYTORCH_JIT=0) is the switch of last resort when an optimisation is
// suspected: graphs run as compiled, through the simple executor, with no optimising pass.
bool jitDisabledByEnvironment() { return environmentSaysOff("EMBER_JIT") || environmentSaysOff("PYTORCH_JIT"); }

std::atomic<bool> gOptimize{!jitDisabledByEnvironment()};
std::atomic<bool> gProfiling{!jitDisabledByEnvironment() && !environmentSaysOff("EMBER_JIT_PROFILING_EXECUTOR")};
std::atomic<int64_t> gNumProfiledRuns{1};

thread_local std::shared_ptr<Graph> tLastOptimized;

struct PlanEntry {
  ArgumentSpec spec;
  ExecutionPlan plan;
};

// Gives the graph's direct tensor inputs the types observed in `spec`.
void refineInputTypes(Graph& graph, const ArgumentSpec& spec) {
  const auto& entries = spec.entries();
  size_t k = 0;
  for (Value* in : graph.inputs()) {
    if (k >= entries.size()) break;
    // Only inputs whose static type is exactly Tensor are refined; other kinds either contribute
    // no entry or a nested run of entries that is skipped.
    if (in->type()->kind() == TypeKind::TensorType) {
      uint32_t e = entries[k++];
      if (e == ArgumentSpec::kTupleMarker || !ArgumentSpec::isDefined(e)) return;
      auto t = TensorType::fromDtypeAndRank(ArgumentSpec::dtype(e), ArgumentSpec::rank(e))
                   ->withDevice(Device(ArgumentSpec::deviceType(e)))
                   ->withRequiresGrad(ArgumentSpec::requiresGrad(e));
      in->setType(t);
    } else if (in->type()->kind() != TypeKind::IntType && in->type()->kind() != TypeKind::FloatType &&
               in->type()->kind() != TypeKind::BoolType && in->type()->kind() != TypeKind::StringType) {
      return;  // the positions of later entries are not known statically
    }
  }
}

class SpecializingExecutor : public GraphExecutorImplBase {
 public:
  using GraphExecutorImplBase::GraphExecutorImplBase;

  const ExecutionPlan& getPlanFor(const Stack& stack) override {
    size_t n = graph_->inputs().size();
    const IValue* inputs = inputsOf(stack);
    if (PlanEntry* s = single_.load(std::memory_order_acquire)) {
      if (s->spec.matches(inputs, n)) return s->plan;
    }
    ArgumentSpec spec(inputs, n);
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = bySpec_.find(spec);
    if (it != bySpec_.end()) return it->second->plan;
    std::shared_ptr<Graph> copy = graph_->copy();
    refineInputTypes(*copy, spec);
    auto entry = std::make_unique<PlanEntry>(PlanEntry{spec, compilePlan(copy, getGraphExecutorOptimize())});
    PlanEntry* raw = entry.get();
    plans_.push_back(std::move(entry));
    bySpec_.emplace(std::move(spec), raw);
    single_.store(plans_.size() == 1 ? raw : nullptr, std::memory_order_release);
    return raw->plan;
  }

  GraphExecutorState debugState() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    GraphExecutorState s;
    s.plans = static_cast<int64_t>(plans_.size());
    if (!plans_.empty()) s.optimizedGraph = plans_.back()->plan.graph;
    return s;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<PlanEntry>> plans_;
  std::unordered_map<ArgumentSpec, PlanEntry*, ArgumentSpecHash> bySpec_;
  std::atomic<PlanEntry*> single_{nullptr};  // Note [Executor fast path]
};

}  // namespace

void runRequiredPasses(const std::shared_ptr<Graph>& graph) {
  inlineCalls(*graph);
  eliminateDeadCode(graph);
  constantPooling(graph);
}

// What setGraphExecutorOptimize(false) turns off: PyTorch's profiling-insensitive pipeline (the
// part of it ember has). Its rewrites can be observed by programs (x == x folded to True for a
// NaN), as in PyTorch.
void runOptimizations(const std::shared_ptr<Graph>& graph) {
  constantPropagation(graph);
  eliminateDeadCode(graph);
  eliminateCommonSubexpression(graph);
  constantPooling(graph);
  peepholeOptimize(graph);
  peepholeOptimizeAliasSensitive(graph);
  eliminateDeadCode(graph);
  lowerSimpleTuples(graph);
}

const IValue* GraphExecutorImplBase::inputsOf(const Stack& stack) const {
  size_t n = graph_->inputs().size();
  EMBER_CHECK(stack.size() >= n, name_, "() expected ", n, " inputs but the stack holds ", stack.size());
  return stack.data() + stack.size() - n;
}

ExecutionPlan GraphExecutorImplBase::compilePlan(std::shared_ptr<Graph> graph, bool optimize) const {
  runRequiredPasses(graph);
  if (optimize) runOptimizations(graph);
  auto code = std::make_shared<Code>(graph, name_);
  return ExecutionPlan{std::move(code), std::move(graph)};
}

std::unique_ptr<GraphExecutorImplBase> makeSpecializingExecutor(std::shared_ptr<Graph> graph, std::string name) {
  return std::make_unique<SpecializingExecutor>(std::move(graph), std::move(name));
}

void GraphExecutorImplBase::runAfterBailout(Stack&) {
  EMBER_ASSERT(false, "only the profiling executor builds guarded plans");
}

void noteExecutedOptimizedGraph(const std::shared_ptr<Graph>& graph) {
  if (tLastOptimized != graph) tLastOptimized = graph;
}

GraphExecutor::GraphExecutor(std::shared_ptr<Graph> graph, std::string functionName, int depth) {
  EMBER_CHECK(graph, "GraphExecutor needs a graph");
  if (getProfilingExecutor()) {
    impl_ = makeProfilingExecutor(std::move(graph), std::move(functionName), depth);
  } else {
    impl_ = makeSpecializingExecutor(std::move(graph), std::move(functionName));
  }
}

GraphExecutor::~GraphExecutor() = default;

const ExecutionPlan& GraphExecutor::getPlanFor(const Stack& stack) { return impl_->getPlanFor(stack); }

std::shared_ptr<Graph> GraphExecutor::graphFor(const Stack& stack) {
  // Runs the function until the profiling executor has specialised it (the profiles need real
  // runs), as PyTorch's graph_for does.
  const IValue* inputs = impl_->inputsOf(stack);
  const IValue* end = stack.data() + stack.size();
  for (int64_t i = 0; i <= getNumProfiledRuns() + 1; ++i) {
    GraphExecutorState s = impl_->debugState();
    if (!s.profiling || s.optimizedGraph || !getGraphExecutorOptimize()) break;
    Stack call(inputs, end);
    run(call);
  }
  return impl_->getPlanFor(stack).graph;
}

GraphExecutorState GraphExecutor::debugState() const { return impl_->debugState(); }

void GraphExecutor::run(Stack& stack) { runCode(*getPlanFor(stack).code, stack); }

void GraphExecutor::prepareAhead() { impl_->prepareAhead(); }

ExecutorSettings ExecutorSettings::current() {
  ExecutorSettings s;
  s.optimize = getGraphExecutorOptimize();
  s.profiling = getProfilingExecutor();
  s.numProfiledRuns = getNumProfiledRuns();
  s.strategy = getFusionStrategy();
  s.maxSpecializations = getMaxSpecializations();
  s.codeEpoch = ember::jit::codeEpoch();
  return s;
}

const std::shared_ptr<Graph>& GraphExecutor::graph() const { return impl_->graph(); }
const std::string& GraphExecutor::functionName() const { return impl_->name(); }

void setGraphExecutorOptimize(bool optimize) { gOptimize.store(optimize, std::memory_order_relaxed); }
bool getGraphExecutorOptimize() { return gOptimize.load(std::memory_order_relaxed); }

void setProfilingExecutor(bool on) { gProfiling.store(on, std::memory_order_relaxed); }
bool getProfilingExecutor() { return gProfiling.load(std::memory_order_relaxed); }

void setNumProfiledRuns(int64_t runs) {
  EMBER_CHECK(runs >= 0, "the number of profiled runs must not be negative, got ", runs);
  gNumProfiledRuns.store(runs, std::memory_order_relaxed);
}
int64_t getNumProfiledRuns() { return gNumProfiledRuns.load(std::memory_order_relaxed); }

std::shared_ptr<Graph> lastExecutedOptimizedGraph() { return tLastOptimized; }

}  // namespace ember::jit
