// The profiling executor (ProfilingGraphExecutorImpl in the spec's runtime walk-through).
//
//   calls 1..N   the profiling plan: the prepared graph (required passes and profiling-insensitive
//                optimisations) with prim::profile on every tensor use (profiling_record.h); with
//                several threads, until N profiled runs have completed
//   call N+1     builds the first specialised plan, which every later call starts with:
//
//     graph(%x : Tensor, %n : int):
//       %x.t : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %ok : bool = prim::TypeCheck[types=[...]](%x)
//       %r : Tensor = prim::If(%ok)
//         block0():  ... the graph, reading %x.t, through the specialised pipeline ...
//         block1():  %f : Tensor = prim::FallbackGraph[Subgraph=<graph>, ...](%x, %n)
//       return (%r)
//
// Inference plans (no profiled tensor requires grad, or grad mode is off) also guard on the
// modules' `training` flags and read them as constants (training_flags.h), so BatchNorm's
// training branches fold away and the pipeline fuses conv2d + batch_norm + add + activation.
//
// A call that fails the guard bails out: the FallbackGraph hands it back to this executor
// (runAfterBailout), which runs the live specialisation whose guard it passes, or else profiles
// it (N calls, merged) and compiles a new specialisation. The fusion strategy (taken when the
// executor is made) says how the k-th specialisation guards: STATIC on the exact sizes and strides
// seen, DYNAMIC on dtype, rank, device, requires_grad and contiguity, sizes symbolic. Once the
// strategy's counts are used up, calls that pass no guard run the generalised graph (the prepared
// graph, unspecialised), never compiling again. The live specialisations other than the first are
// a least-recently-used list bounded by getMaxSpecializations(); the first stays, as the lock-free
// entry point (Note [Executor fast path] in graph_executor.cpp).
//
// Plans are never freed before the executor: an interpreter frame on another thread may be running
// an evicted plan or a finished profiling plan. Their number is bounded by the strategy's total.
//
// Logging (EMBER_JIT_LOG_LEVEL=">profiling_graph_executor"): each specialisation, recompilation
// (with the guard failure that caused it), eviction and the strategy running out at UPDATE; each
// bail-out with its reason at DEBUG (">>").
#include <atomic>
#include <chrono>
#include <mutex>
#include <sstream>

#include "ember/core/symbols.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/runtime/grad_mode.h"
#include "passes/constant_propagation.h"
#include "passes/dead_code_elimination.h"
#include "passes/jit_log.h"
#include "runtime/code.h"
#include "runtime/graph_executor_impl.h"
#include "runtime/interpreter.h"
#include "runtime/profiling_record.h"
#include "runtime/specialized_pipeline.h"
#include "runtime/training_flags.h"
#include "runtime/type_guard.h"

namespace ember::jit {
namespace {

// One specialised plan and what its guard checks, per graph input (nullptr: not guarded).
struct Specialization {
  std::vector<TensorTypePtr> guards;
  // Per graph input: the int, bool or int[] every profiled run passed (prim::profile_ivalue),
  // which the plan is specialised on (STATIC only); nullopt when not.
  std::vector<std::optional<IValue>> constants;
  std::vector<bool> contiguous;
  // Inference only: the modules' `training` flags the plan reads as constants
  // (runtime/training_flags.h), and whether it relies on grad mode staying off (the profiled
  // parameters required grad, so its fused inference operators would be wrong under grad).
  std::vector<AttributeFlag> flags;
  bool needsNoGradMode = false;
  FusionBehavior behavior;
  ExecutionPlan plan;
  int64_t index = 0;    // 0 for the first specialisation
  uint64_t lastUse = 0;  // for the LRU
};

// The merged profile of graph input `in`: its type (nullptr when it cannot be guarded: no profile
// was reached, or one saw None) and whether every tensor was contiguous. Profiles on paths not
// taken (an untaken branch) saw nothing and do not count.
TensorTypePtr observedInputType(Value* in, bool& contiguous) {
  TensorTypePtr merged;
  contiguous = true;
  for (const Use& u : in->uses()) {
    if (u.user->kind() != prim::profile) continue;
    const ProfileSlot& slot = profileSlot(u.user);
    if (slot.sawNone()) return nullptr;
    TensorTypePtr seen = slot.seen();
    if (!seen) continue;
    merged = merged ? merged->merge(*seen) : seen;
    contiguous = contiguous && slot.sawOnlyContiguous();
  }
  return merged;
}

// The value every profiled run passed for non-tensor input `in`, if it was profiled.
std::optional<IValue> observedConstant(Value* in) {
  for (const Use& u : in->uses())
    if (u.user->kind() == prim::profile_ivalue) return profileIValueSlot(u.user).constant();
  return std::nullopt;
}

std::string valueText(const IValue& v) {
  std::ostringstream out;
  if (v.isList()) {
    out << "[";
    auto xs = v.toIntVector();
    for (size_t i = 0; i < xs.size(); ++i) out << (i ? ", " : "") << xs[i];
    out << "]";
  } else if (v.isBool()) {
    out << (v.toBool() ? "True" : "False");
  } else if (v.isInt()) {
    out << v.toInt();
  } else {
    out << "?";
  }
  return out.str();
}

// Whether any profiled tensor required grad (parameters read through prim::GetAttr included).
bool sawRequiresGrad(const Block& block) {
  for (const Node* n : block.nodes()) {
    if (n->kind() == prim::profile) {
      TensorTypePtr seen = profileSlot(n).seen();
      if (seen && seen->requiresGrad() && *seen->requiresGrad()) return true;
    }
    for (const Block* b : n->blocks())
      if (sawRequiresGrad(*b)) return true;
  }
  return false;
}

// What a guard checks of an observed type: STATIC keeps the sizes and strides that were the same
// in every profiled run, DYNAMIC only the rank.
TensorTypePtr guardType(const TensorTypePtr& seen, FusionBehavior behavior) {
  if (!seen->scalarType() || !seen->device() || !seen->dim() || !seen->requiresGrad()) return nullptr;
  if (behavior == FusionBehavior::Static)
    return TensorType::create(seen->scalarType(), seen->device(), seen->sizes(), seen->strides(), seen->requiresGrad());
  return TensorType::fromDtypeAndRank(seen->scalarType(), *seen->dim())
      ->withDevice(seen->device())
      ->withRequiresGrad(seen->requiresGrad());
}

const char* behaviorName(FusionBehavior b) { return b == FusionBehavior::Static ? "STATIC" : "DYNAMIC"; }

// Why `inputs` fail the guard of `s` ("input 0 (x): dtype Double, expected Float").
std::string mismatchReason(const Specialization& s, const Graph& graph, const IValue* inputs) {
  for (size_t i = 0; i < s.guards.size(); ++i) {
    if (s.constants[i] && !sameProfiledValue(*s.constants[i], inputs[i])) {
      std::ostringstream out;
      out << "input " << i;
      if (graph.inputs()[i]->hasDebugName()) out << " (" << graph.inputs()[i]->debugName() << ")";
      out << ": value " << valueText(inputs[i]) << ", expected " << valueText(*s.constants[i]);
      return out.str();
    }
    if (!s.guards[i]) continue;
    std::string why = guardMismatch(*s.guards[i], s.contiguous[i], inputs[i]);
    if (why.empty()) continue;
    std::ostringstream out;
    out << "input " << i;
    if (graph.inputs()[i]->hasDebugName()) out << " (" << graph.inputs()[i]->debugName() << ")";
    out << ": " << why;
    return out.str();
  }
  std::string flag = trainingFlagMismatch(s.flags, inputs);
  if (!flag.empty()) return flag;
  if (s.needsNoGradMode && isGradEnabled()) return "grad mode on, the plan was specialised for inference";
  return "no guard failed";
}

// Whether the graph may change a tensor's sizes in place (x.unsqueeze_(0), x.resize_(...)): the
// guarded inputs' types then hold only on entry, so the body must not read them (peephole would
// fold x.size() and x.dim() to the values checked on entry).
bool mayChangeShapesInPlace(const Block& block) {
  static const char* const kShapeWriters[] = {"resize_", "resize_as_", "unsqueeze_", "squeeze_", "t_",
                                              "transpose_", "swapaxes_", "swapdims_", "as_strided_", "set_",
                                              "detach_", "requires_grad_"};
  for (const Node* n : block.nodes()) {
    std::string_view name = n->kind().toUnqualString();
    for (const char* w : kShapeWriters)
      if (name == w) return true;
    for (const Block* b : n->blocks())
      if (mayChangeShapesInPlace(*b)) return true;
  }
  return false;
}

bool accepts(const Specialization& s, const IValue* inputs) {
  for (size_t i = 0; i < s.guards.size(); ++i) {
    if (s.guards[i] && !guardAccepts(*s.guards[i], s.contiguous[i], inputs[i])) return false;
    if (s.constants[i] && !sameProfiledValue(*s.constants[i], inputs[i])) return false;
  }
  if (s.needsNoGradMode && isGradEnabled()) return false;
  return trainingFlagsHold(s.flags, inputs);
}

int64_t strategyTotal(const FusionStrategy& strategy) {
  int64_t total = 0;
  for (const auto& entry : strategy) total += entry.second;
  return total;
}

class ProfilingExecutor : public GraphExecutorImplBase {
 public:
  ProfilingExecutor(std::shared_ptr<Graph> graph, std::string name, int depth)
      : GraphExecutorImplBase(std::move(graph), std::move(name)),
        depth_(depth),
        strategy_(getFusionStrategy()),
        maxLive_(getMaxSpecializations()),
        target_(makeIntrusive<BailoutTarget>(this)) {}

  ~ProfilingExecutor() override { target_->detach(); }

  const ExecutionPlan& getPlanFor(const Stack& stack) override {
    const IValue* inputs = inputsOf(stack);
    if (const Specialization* s = first_.load(std::memory_order_acquire)) {
      if (getGraphExecutorOptimize()) {
        noteExecutedOptimizedGraph(s->plan.graph);
        return s->plan;
      }
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (!getGraphExecutorOptimize() || depth_ > 0) return generalizedPlan();
    if (firstOwned_) return firstOwned_->plan;
    return planForMiss(inputs);
  }

  // The profiling plan the first call would build (getPlanFor then finds it).
  void prepareAhead() override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!getGraphExecutorOptimize() || depth_ > 0 || profilingPlan_ || compiled_ > 0) return;
    startProfiling();
  }

  void runAfterBailout(Stack& stack) override {
    const IValue* inputs = inputsOf(stack);
    bailouts_.fetch_add(1, std::memory_order_relaxed);
    const Specialization* first = first_.load(std::memory_order_acquire);
    GRAPH_DEBUG(name_, ": bail-out, ", first ? mismatchReason(*first, *graph_, inputs) : std::string("no plan"));
    const ExecutionPlan* plan;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      plan = &planForMiss(inputs);
    }
    runCode(*plan->code, stack);
  }

  GraphExecutorState debugState() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    GraphExecutorState s;
    s.profiling = true;
    s.plans = plans_;
    s.profiledRuns = profiledRuns_;
    s.bailouts = bailouts_.load(std::memory_order_relaxed);
    s.specializations = compiled_;
    s.recompilations = compiled_ > 0 ? compiled_ - 1 : 0;
    s.evictions = evictions_;
    s.liveSpecializations = (firstOwned_ ? 1 : 0) + static_cast<int64_t>(others_.size());
    s.strategyExhausted = exhausted();
    if (firstOwned_) s.optimizedGraph = firstOwned_->plan.graph;
    for (size_t i = 0; i < kNumPipelineStages; ++i) s.stageNanos[i] = times_.nanos[i];
    s.prepareNanos = prepareNanos_;
    s.specializeNanos = specializeNanos_;
    return s;
  }

 private:
  // The plan for a call no live specialisation's guard accepts (mutex_ held): another live
  // specialisation, the profiling plan, a new specialisation, or the generalised plan.
  const ExecutionPlan& planForMiss(const IValue* inputs) {
    for (auto& s : others_) {
      if (!accepts(*s, inputs)) continue;
      s->lastUse = ++clock_;
      noteExecutedOptimizedGraph(s->plan.graph);
      return s->plan;
    }
    if (exhausted()) return generalizedPlan();
    if (!profilingPlan_) startProfiling();
    // Until enough profiled runs have completed (not just started: other threads may be inside
    // one), calls keep being profiled.
    if (profilingRuns_->completed.load(std::memory_order_acquire) < profiledRunsNeeded_) {
      ++profiledRuns_;
      return *profilingPlan_;
    }
    const Specialization& s = specialize(inputs);
    // The profiled calls may differ from this one (earlier misses): then it fails the new guard
    // too and is profiled for the next specialisation instead of bailing out twice.
    if (!accepts(s, inputs)) return planForMiss(inputs);
    noteExecutedOptimizedGraph(s.plan.graph);
    return s.plan;
  }

  // Whether misses run the generalised graph from now on.
  bool exhausted() const {
    return compiled_ >= strategyTotal(strategy_) || (firstOwned_ && maxLive_ <= 1);
  }

  FusionBehavior behaviorOf(int64_t index) const {
    for (const auto& [behavior, count] : strategy_) {
      if (index < count) return behavior;
      index -= count;
    }
    return FusionBehavior::Dynamic;
  }

  // The graph after the required passes and the profiling-insensitive optimisations (as in
  // PyTorch, the first call already sees them): the body of every specialisation.
  const std::shared_ptr<Graph>& prepared() {
    if (!prepared_) {
      auto t0 = std::chrono::steady_clock::now();
      auto g = graph_->copy();
      runRequiredPasses(g);
      runOptimizations(g);
      prepared_ = g;
      prepareNanos_ += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0).count();
    }
    return prepared_;
  }

  void startProfiling() {
    ProfilingRecord record = ProfilingRecord::instrument(*prepared());
    profilingPlan_ = std::make_unique<ExecutionPlan>(ExecutionPlan{std::make_shared<Code>(record.graph, name_), record.graph});
    profilingRuns_ = record.runs;
    profiledRunsNeeded_ = getNumProfiledRuns();
    ++plans_;
  }

  const ExecutionPlan& generalizedPlan() {
    if (!generalizedPlan_) {
      generalizedPlan_ = std::make_unique<ExecutionPlan>(compilePlan(graph_->copy(), getGraphExecutorOptimize()));
      ++plans_;
    }
    return *generalizedPlan_;
  }

  // Compiles the next specialisation from the profiling plan's records and retires that plan.
  const Specialization& specialize(const IValue* inputs) {
    auto t0 = std::chrono::steady_clock::now();
    auto s = std::make_unique<Specialization>();
    s->index = compiled_;
    s->behavior = behaviorOf(compiled_);
    bool anyGuard = false;
    for (Value* in : profilingPlan_->graph->inputs()) {
      bool contiguous = false;
      TensorTypePtr guard;
      if (in->type()->kind() == TypeKind::TensorType) {
        TensorTypePtr seen = observedInputType(in, contiguous);
        guard = seen ? guardType(seen, s->behavior) : nullptr;
      }
      std::optional<IValue> constant;
      if (s->behavior == FusionBehavior::Static && !guard) constant = observedConstant(in);
      anyGuard = anyGuard || guard != nullptr || constant.has_value();
      s->contiguous.push_back(guard != nullptr && s->behavior == FusionBehavior::Dynamic && contiguous);
      s->guards.push_back(std::move(guard));
      s->constants.push_back(std::move(constant));
    }
    // Inference (no profiled tensor requires grad, or grad mode is off): the plan may specialise
    // on the modules' training flags, and the pipeline may form inference-only operators.
    const bool requiresGrad = sawRequiresGrad(*profilingPlan_->graph->block());
    const bool inference = !requiresGrad || !isGradEnabled();
    if (inference) {
      s->flags = profiledTrainingFlags(*profilingPlan_->graph);
      s->needsNoGradMode = requiresGrad;
      anyGuard = anyGuard || !s->flags.empty() || s->needsNoGradMode;
    }
    std::shared_ptr<Graph> g = anyGuard ? guardedGraph(*s) : prepared_->copy();
    // Profiled values the body now reads as constants fold before the pipeline's type rewrites.
    bool anyConstant = !s->flags.empty();
    for (const auto& c : s->constants) anyConstant = anyConstant || c.has_value();
    if (anyConstant && constantPropagation(g)) eliminateDeadCode(g);
    runSpecializedPipeline(g, s->behavior, times_, !inference);
    s->plan = ExecutionPlan{std::make_shared<Code>(g, name_), g};
    specializeNanos_ += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0).count();
    s->lastUse = ++clock_;
    ++compiled_;
    ++plans_;
    retired_.push_back(std::move(profilingPlan_));
    logSpecialization(*s, inputs);
    return install(std::move(s));
  }

  void logSpecialization(const Specialization& s, const IValue* inputs) {
    if (!firstOwned_) {
      GRAPH_UPDATE(name_, ": specialisation 1 (", behaviorName(s.behavior), ")");
    } else {
      GRAPH_UPDATE(name_, ": recompilation, specialisation ", s.index + 1, " of ", strategyTotal(strategy_), " (",
                   behaviorName(s.behavior), "), because ", mismatchReason(*firstOwned_, *graph_, inputs));
    }
    if (exhausted()) GRAPH_UPDATE(name_, ": fusion strategy used up; calls that pass no guard run the generalised graph");
  }

  // Makes `s` live: the first, or one of the others, evicting the least recently used of them when
  // the bound is reached.
  const Specialization& install(std::unique_ptr<Specialization> s) {
    if (!firstOwned_) {
      firstOwned_ = std::move(s);
      first_.store(firstOwned_.get(), std::memory_order_release);
      return *firstOwned_;
    }
    if (static_cast<int64_t>(others_.size()) + 1 >= maxLive_) evictLeastRecentlyUsed();
    others_.push_back(std::move(s));
    return *others_.back();
  }

  void evictLeastRecentlyUsed() {
    if (others_.empty()) return;
    auto victim = others_.begin();
    for (auto it = others_.begin(); it != others_.end(); ++it)
      if ((*it)->lastUse < (*victim)->lastUse) victim = it;
    GRAPH_UPDATE(name_, ": evicting specialisation ", (*victim)->index + 1, " (least recently used; at most ",
                 maxLive_, " live)");
    ++evictions_;
    retiredSpecializations_.push_back(std::move(*victim));  // its plan may be running: see the header comment
    others_.erase(victim);
  }

  // The prepared graph behind a prim::TypeCheck of the guarded inputs, with the fallback in the
  // else branch.
  std::shared_ptr<Graph> guardedGraph(const Specialization& s) {
    const Graph& body = *prepared_;
    auto g = std::make_shared<Graph>();
    std::vector<Value*> inputs;
    for (Value* in : body.inputs())
      inputs.push_back(g->addInput(in->hasDebugName() ? in->debugNameBase() : "")->setType(in->type()));
    std::vector<Value*> checked;
    std::vector<TypePtr> checkTypes;
    std::vector<int64_t> contiguous;
    for (size_t i = 0; i < s.guards.size(); ++i) {
      if (!s.guards[i]) continue;
      checked.push_back(inputs[i]);
      checkTypes.push_back(s.guards[i]);
      contiguous.push_back(s.contiguous[i] ? 1 : 0);
    }
    Node* check = g->appendNode(g->create(prim::TypeCheck, checked, checked.size() + 1));
    check->tys_(attr::types, checkTypes);
    if (s.behavior == FusionBehavior::Dynamic) check->is_(Symbol::attr("contiguous"), contiguous);
    bool typesHoldThroughout = !mayChangeShapesInPlace(*body.block());
    for (size_t i = 0; i < checked.size(); ++i) check->output(i)->setType(typesHoldThroughout ? checkTypes[i] : checked[i]->type());
    Value* ok = check->output(checked.size())->setType(BoolType::get());
    // Inputs specialised on a profiled value: the guard also compares them with it, and the body
    // reads the constant.
    std::vector<Value*> constants(inputs.size(), nullptr);
    {
      WithInsertPoint point(g->block());
      for (size_t i = 0; i < s.constants.size(); ++i) {
        if (!s.constants[i]) continue;
        constants[i] = g->insertConstant(*s.constants[i]);
        Value* same = g->insert(aten::eq, {inputs[i], constants[i]});
        ok = g->insert(Symbol::aten("__and__"), {ok, same});
      }
      ok = insertTrainingFlagGuards(*g, inputs, s.flags, ok);
      if (s.needsNoGradMode) {
        Value* grad = g->insert(Symbol::aten("is_grad_enabled"), {});
        ok = g->insert(Symbol::aten("__and__"), {ok, g->insert(Symbol::aten("__not__"), {grad})});
      }
    }

    Node* branch = g->appendNode(g->create(prim::If, {ok}, body.outputs().size()));
    std::vector<Value*> typedInputs = inputs;
    for (size_t i = 0, k = 0; i < s.guards.size(); ++i) {
      if (s.guards[i]) typedInputs[i] = check->output(k++);
      if (constants[i]) typedInputs[i] = constants[i];
    }
    {
      Block* fast = branch->addBlock();
      WithInsertPoint guard(fast);
      for (Value* out : body.insertGraphInto(*g, typedInputs)) fast->registerOutput(out);
      // The body's reads of the flags (from the graph's own inputs, which the fast branch reads
      // unchanged: modules are never type-checked) become the profiled constants.
      replaceTrainingFlagReads(*fast, s.flags);
    }
    {
      Block* slow = branch->addBlock();
      Node* fallback = g->create(prim::FallbackGraph, inputs, body.outputs().size());
      fallback->g_(attr::Subgraph, prepared_);  // never changed: executors compile copies
      fallback->i_(Symbol::attr("depth"), depth_ + 1);
      fallback->s_(attr::name, name_);  // tracebacks through the fallback name the function
      fallback->ival_(Symbol::attr("bailout_target"), IValue(target_));
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

  const int depth_;
  const FusionStrategy strategy_;
  const int64_t maxLive_;
  IntrusivePtr<BailoutTarget> target_;
  mutable std::mutex mutex_;
  std::shared_ptr<Graph> prepared_;
  std::unique_ptr<ExecutionPlan> profilingPlan_, generalizedPlan_;
  std::unique_ptr<Specialization> firstOwned_;
  std::atomic<const Specialization*> first_{nullptr};
  std::vector<std::unique_ptr<Specialization>> others_;
  // Finished profiling plans and evicted specialisations, kept until the executor goes (see the
  // header comment): references to their plans may still be running.
  std::vector<std::unique_ptr<ExecutionPlan>> retired_;
  std::vector<std::unique_ptr<Specialization>> retiredSpecializations_;
  IntrusivePtr<ProfiledRunCounter> profilingRuns_;  // of the profiling plan
  int64_t profiledRunsNeeded_ = 0;
  int64_t profiledRuns_ = 0;
  int64_t plans_ = 0;
  int64_t compiled_ = 0;
  int64_t evictions_ = 0;
  uint64_t clock_ = 0;
  int64_t prepareNanos_ = 0;
  int64_t specializeNanos_ = 0;
  PipelineTimes times_;
  std::atomic<int64_t> bailouts_{0};
};

}  // namespace

std::unique_ptr<GraphExecutorImplBase> makeProfilingExecutor(std::shared_ptr<Graph> graph, std::string name,
                                                              int depth) {
  return std::make_unique<ProfilingExecutor>(std::move(graph), std::move(name), depth);
}

}  // namespace ember::jit
