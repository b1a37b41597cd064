// GraphExecutor: one ExecutionPlan per ArgumentSpec of the inputs. On a miss the graph is copied,
// its tensor inputs refined to the observed dtype/rank/device/requires_grad, the required passes
// run (inlining, dead code elimination, constant pooling) and interpreter Code emitted.
//
// Note [Executor fast path]
// Most functions only ever see one spec. The first plan is published through an atomic pointer;
// a call whose inputs match it takes no lock and allocates nothing. A second plan turns the fast
// path off for good and lookups go through the locked map.
#include "ember/runtime/graph_executor.h"

#include <atomic>
#include <mutex>
#include <unordered_map>

#include "ember/error.h"
#include "ember/ir/ir.h"
#include "runtime/argument_spec.h"
#include "runtime/code.h"
#include "runtime/interpreter.h"

#include "passes/constant_pooling.h"
#include "passes/dead_code_elimination.h"
#include "passes/inliner.h"
#include "passes/peephole.h"

namespace ember::jit {
namespace {

std::atomic<bool> gOptimize{true};

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

void runRequiredPasses(const std::shared_ptr<Graph>& graph) {
  inlineCalls(*graph);
  eliminateDeadCode(graph);
  constantPooling(graph);
}

// What setGraphExecutorOptimize(false) turns off; its rewrites can be observed by programs
// (x == x folded to True for a NaN), as in PyTorch.
void runOptimizations(const std::shared_ptr<Graph>& graph) {
  if (peepholeOptimize(graph)) eliminateDeadCode(graph);
}

}  // namespace

struct GraphExecutor::Impl {
  std::shared_ptr<Graph> graph;
  std::string name;
  std::mutex mutex;
  std::vector<std::unique_ptr<PlanEntry>> plans;
  std::unordered_map<ArgumentSpec, PlanEntry*, ArgumentSpecHash> bySpec;
  std::atomic<PlanEntry*> single{nullptr};  // Note [Executor fast path]

  ExecutionPlan compile(const ArgumentSpec& spec) {
    std::shared_ptr<Graph> copy = graph->copy();
    refineInputTypes(*copy, spec);
    runRequiredPasses(copy);
    if (getGraphExecutorOptimize()) runOptimizations(copy);
    auto code = std::make_shared<Code>(copy, name);
    return ExecutionPlan{std::move(code), std::move(copy)};
  }
};

GraphExecutor::GraphExecutor(std::shared_ptr<Graph> graph, std::string functionName)
    : impl_(std::make_unique<Impl>()) {
  EMBER_CHECK(graph, "GraphExecutor needs a graph");
  impl_->graph = std::move(graph);
  impl_->name = std::move(functionName);
}

GraphExecutor::~GraphExecutor() = default;

const ExecutionPlan& GraphExecutor::getPlanFor(const Stack& stack) {
  size_t n = impl_->graph->inputs().size();
  EMBER_CHECK(stack.size() >= n, impl_->name, "() expected ", n, " inputs but the stack holds ", stack.size());
  const IValue* inputs = stack.data() + stack.size() - n;
  if (PlanEntry* single = impl_->single.load(std::memory_order_acquire)) {
    if (single->spec.matches(inputs, n)) return single->plan;
  }
  ArgumentSpec spec(inputs, n);
  std::lock_guard<std::mutex> lock(impl_->mutex);
  auto it = impl_->bySpec.find(spec);
  if (it != impl_->bySpec.end()) return it->second->plan;
  auto entry = std::make_unique<PlanEntry>(PlanEntry{spec, impl_->compile(spec)});
  PlanEntry* raw = entry.get();
  impl_->plans.push_back(std::move(entry));
  impl_->bySpec.emplace(std::move(spec), raw);
  if (impl_->plans.size() == 1) {
    impl_->single.store(raw, std::memory_order_release);
  } else {
    impl_->single.store(nullptr, std::memory_order_release);
  }
  return raw->plan;
}

void GraphExecutor::run(Stack& stack) { runCode(*getPlanFor(stack).code, stack); }

const std::shared_ptr<Graph>& GraphExecutor::graph() const { return impl_->graph; }
const std::string& GraphExecutor::functionName() const { return impl_->name; }

void setGraphExecutorOptimize(bool optimize) { gOptimize.store(optimize, std::memory_order_relaxed); }
bool getGraphExecutorOptimize() { return gOptimize.load(std::memory_order_relaxed); }

}  // namespace ember::jit
