// The profiling executor (ProfilingGraphExecutorImpl in the spec's runtime walk-through).
//
//   calls 1..N   the profiling plan: the graph after the required passes, with prim::profile on
//                every tensor use (profiling_record.h)
//   call N+1     builds the specialised plan, used from then on:
//
//     graph(%x : Tensor, %n : int):
//       %x.t : Float(*, *, requires_grad=0, device=cpu), %ok : bool = prim::TypeCheck[types=[...]](%x)
//       %r : Tensor = prim::If(%ok)
//         block0():  ... the graph, reading %x.t, optimised for those types ...
//         block1():  %f : Tensor = prim::FallbackGraph[Subgraph=<graph>, depth=1](%x, %n)
//       return (%r)
//
// The guard checks what the optimiser may rely on: dtype, rank, device and requires_grad of each
// tensor input that was profiled (never None). Shapes are not specialised: no pass uses them
// yet, and a guard on sizes would send every new batch size to the fallback. The fallback is an
// executor of its own (one level deeper), so a second set of types gets its own specialised plan;
// past GraphExecutor::kMaxSpecializations levels the graph runs unspecialised.
#include <atomic>
#include <mutex>

#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "runtime/code.h"
#include "runtime/graph_executor_impl.h"
#include "runtime/profiling_record.h"

#include "passes/dead_code_elimination.h"
#include "passes/peephole.h"
#include "passes/tensorexpr_fuser.h"

namespace ember::jit {
namespace {

// The merged type the profiles of graph input `in` saw, or nullptr when it cannot be guarded:
// no profile was reached, or one saw None. Profiles on paths not taken (an untaken branch) saw
// nothing and do not count.
TensorTypePtr observedInputType(Value* in) {
  TensorTypePtr merged;
  for (const Use& u : in->uses()) {
    if (u.user->kind() != prim::profile) continue;
    const ProfileSlot& slot = profileSlot(u.user);
    if (slot.sawNone()) return nullptr;
    TensorTypePtr seen = slot.seen();
    if (seen) merged = merged ? merged->merge(*seen) : seen;
  }
  return merged;
}

// What the guard checks of an observed type (see the header comment).
TensorTypePtr guardType(const TensorTypePtr& seen) {
  if (!seen->scalarType() || !seen->device() || !seen->dim() || !seen->requiresGrad()) return nullptr;
  return TensorType::fromDtypeAndRank(seen->scalarType(), *seen->dim())
      ->withDevice(seen->device())
      ->withRequiresGrad(seen->requiresGrad());
}

class ProfilingExecutor : public GraphExecutorImplBase {
 public:
  ProfilingExecutor(std::shared_ptr<Graph> graph, std::string name, int depth)
      : GraphExecutorImplBase(std::move(graph), std::move(name)), depth_(depth) {}

  const ExecutionPlan& getPlanFor(const Stack& stack) override {
    inputsOf(stack);  // checks the input count
    if (const ExecutionPlan* p = specialized_.load(std::memory_order_acquire)) {
      if (getGraphExecutorOptimize()) {
        noteExecutedOptimizedGraph(p->graph);
        return *p;
      }
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (!getGraphExecutorOptimize() || depth_ > GraphExecutor::kMaxSpecializations) return unspecializedPlan();
    if (specializedPlan_) return *specializedPlan_;
    if (!profilingPlan_) startProfiling();
    if (remainingProfiledRuns_ > 0) {
      --remainingProfiledRuns_;
      ++profiledRuns_;
      return *profilingPlan_;
    }
    specializedPlan_ = std::make_unique<ExecutionPlan>(specialize());
    ++plans_;
    specialized_.store(specializedPlan_.get(), std::memory_order_release);
    noteExecutedOptimizedGraph(specializedPlan_->graph);
    return *specializedPlan_;
  }

  GraphExecutorState debugState() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    GraphExecutorState s;
    s.profiling = true;
    s.plans = plans_;
    s.profiledRuns = profiledRuns_;
    s.bailouts = bailouts_->count.load();
    if (specializedPlan_) s.optimizedGraph = specializedPlan_->graph;
    return s;
  }

 private:
  // The graph after the required passes and the profiling-insensitive optimisations (as in
  // PyTorch, the first call already sees them), profiled.
  void startProfiling() {
    auto prepared = graph_->copy();
    runRequiredPasses(prepared);
    runOptimizations(prepared);
    prepared_ = prepared;
    ProfilingRecord record = ProfilingRecord::instrument(*prepared);
    profilingPlan_ = std::make_unique<ExecutionPlan>(ExecutionPlan{std::make_shared<Code>(record.graph, name_), record.graph});
    remainingProfiledRuns_ = getNumProfiledRuns();
    ++plans_;
  }

  const ExecutionPlan& unspecializedPlan() {
    if (!unspecializedPlan_) {
      unspecializedPlan_ = std::make_unique<ExecutionPlan>(compilePlan(graph_->copy(), getGraphExecutorOptimize()));
      ++plans_;
    }
    return *unspecializedPlan_;
  }

  ExecutionPlan specialize() {
    std::shared_ptr<Graph> profiled = profilingPlan_->graph;
    // The guard's types, per graph input (nullptr: not guarded).
    std::vector<TensorTypePtr> guards;
    for (Value* in : profiled->inputs())
      guards.push_back(in->type()->kind() == TypeKind::TensorType ? guardOf(in) : nullptr);
    // The profiled graph is the prepared one plus profile nodes: the prepared one is the body.
    std::shared_ptr<Graph> body = anyGuardIn(guards) ? prepared_ : prepared_->copy();
    bool anyGuard = anyGuardIn(guards);
    std::shared_ptr<Graph> g = anyGuard ? guardedGraph(*body, guards) : body;
    // The body was optimised before profiling; what the guarded types add is for the peephole
    // rules (dim, dtype, device of the inputs). The whole pipeline again would cost the second
    // call tens of milliseconds on a transformer for nothing.
    if (anyGuard && peepholeOptimize(g)) eliminateDeadCode(g);
    // Post-derivative fusion: pointwise chains on the guarded types become prim::TensorExprGroup
    // nodes (passes/tensorexpr_fuser.h); EMBER_FUSION=off turns it off.
    if (anyGuard) fuseTensorExprs(g);
    return ExecutionPlan{std::make_shared<Code>(g, name_), g};
  }

  static bool anyGuardIn(const std::vector<TensorTypePtr>& guards) {
    for (const TensorTypePtr& t : guards)
      if (t) return true;
    return false;
  }

  static TensorTypePtr guardOf(Value* in) {
    TensorTypePtr seen = observedInputType(in);
    return seen ? guardType(seen) : nullptr;
  }

  // `body` behind a prim::TypeCheck of the guarded inputs, with the fallback in the else branch.
  std::shared_ptr<Graph> guardedGraph(const Graph& body, const std::vector<TensorTypePtr>& guards) {
    auto g = std::make_shared<Graph>();
    std::vector<Value*> inputs;
    for (Value* in : body.inputs())
      inputs.push_back(g->addInput(in->hasDebugName() ? in->debugNameBase() : "")->setType(in->type()));
    std::vector<Value*> checked, types;
    std::vector<TypePtr> checkTypes;
    for (size_t i = 0; i < guards.size(); ++i) {
      if (!guards[i]) continue;
      checked.push_back(inputs[i]);
      checkTypes.push_back(guards[i]);
    }
    Node* check = g->appendNode(g->create(prim::TypeCheck, checked, checked.size() + 1));
    check->tys_(attr::types, checkTypes);
    for (size_t i = 0; i < checked.size(); ++i) check->output(i)->setType(checkTypes[i]);
    Value* ok = check->output(checked.size())->setType(BoolType::get());

    Node* branch = g->appendNode(g->create(prim::If, {ok}, body.outputs().size()));
    std::vector<Value*> typedInputs = inputs;
    for (size_t i = 0, k = 0; i < guards.size(); ++i)
      if (guards[i]) typedInputs[i] = check->output(k++);
    {
      Block* fast = branch->addBlock();
      WithInsertPoint guard(fast);
      for (Value* out : body.insertGraphInto(*g, typedInputs)) fast->registerOutput(out);
    }
    {
      Block* slow = branch->addBlock();
      Node* fallback = g->create(prim::FallbackGraph, inputs, body.outputs().size());
      fallback->g_(attr::Subgraph, prepared_);  // never changed: executors compile copies
      fallback->i_(Symbol::attr("depth"), depth_ + 1);
      fallback->s_(attr::name, name_);  // tracebacks through the fallback name the function
      fallback->ival_(Symbol::attr("bailouts"), IValue(bailouts_));
      slow->appendNode(fallback);
      for (size_t i = 0; i < body.outputs().size(); ++i) {
        fallback->output(i)->setType(body.outputs()[i]->type());
        slow->registerOutput(fallback->output(i));
      }
    }
    for (size_t i = 0; i < body.outputs().size(); ++i) {
      branch->output(i)->setType(body.outputs()[i]->type());
      g->registerOutput(branch->output(i));
    }
    return g;
  }

  int depth_;
  mutable std::mutex mutex_;
  std::shared_ptr<Graph> prepared_;  // the graph after the required passes, unprofiled
  std::unique_ptr<ExecutionPlan> profilingPlan_, specializedPlan_, unspecializedPlan_;
  std::atomic<const ExecutionPlan*> specialized_{nullptr};
  int64_t remainingProfiledRuns_ = 0;
  int64_t profiledRuns_ = 0;
  int64_t plans_ = 0;
  IntrusivePtr<BailoutCounter> bailouts_ = makeIntrusive<BailoutCounter>();
};

}  // namespace

std::unique_ptr<GraphExecutorImplBase> makeProfilingExecutor(std::shared_ptr<Graph> graph, std::string name,
                                                              int depth) {
  return std::make_unique<ProfilingExecutor>(std::move(graph), std::move(name), depth);
}

}  // namespace ember::jit
