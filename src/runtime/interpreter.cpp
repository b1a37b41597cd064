#include "runtime/interpreter.h"

#include <chrono>
#include <sstream>

#include "ember/core/function.h"
#include "ember/core/stack.h"
#include "ember/ir/ir.h"
#include "ember/runtime/autograd.h"
#include "ember/runtime/grad_mode.h"
#include "ember/runtime/graph_function.h"
#include "ember/runtime/jit_exception.h"
#include "ember/runtime/profiler.h"
#include "ember/runtime/trace_hook.h"
#include "runtime/interop_pool.h"
#include "runtime/scalar_instructions.h"
#include "runtime/scalar_run.h"
#include "runtime/traceback.h"

namespace ember::jit {

namespace {

struct Frame {
  const Code* code;
  size_t pc;    // the instruction being executed (a caller's: its CALL)
  size_t base;  // first register of the frame in the register file
};

[[gnu::always_inline]] inline void loadOperands(Stack& stack, const uint32_t* ops, size_t n, IValue* regs, const IValue* consts) {
  for (size_t i = 0; i < n; ++i) {
    uint32_t o = ops[i];
    uint32_t idx = o & operand::kIndexMask;
    if (o & operand::kConstant) {
      stack.push_back(consts[idx]);
    } else if (o & operand::kMove) {
      stack.push_back(std::move(regs[idx]));
    } else {
      stack.push_back(regs[idx]);
    }
  }
}

[[gnu::always_inline]] inline void storeOutputs(Stack& stack, const uint32_t* ops, size_t n, IValue* regs) {
  if (n == 1) {  // most operators have one output
    uint32_t o = ops[0];
    if (!(o & operand::kDiscard)) regs[o & operand::kIndexMask] = std::move(stack.back());
    stack.pop_back();
    return;
  }
  IValue* top = stack.data() + stack.size() - n;
  for (size_t i = 0; i < n; ++i) {
    uint32_t o = ops[i];
    if (!(o & operand::kDiscard)) regs[o & operand::kIndexMask] = std::move(top[i]);
  }
  for (size_t i = 0; i < n; ++i) stack.pop_back();
}

// Parallel register copy: sources first, then destinations; staged through the stack.
[[gnu::always_inline]] inline void moveRegisters(Stack& stack, const uint32_t* ops, size_t n, IValue* regs, const IValue* consts) {
  if (n == 1) {  // the common case needs no staging
    uint32_t src = ops[0], dst = ops[1];
    if (dst & operand::kDiscard) {
      if (src & operand::kMove) regs[src & operand::kIndexMask] = IValue();
      return;
    }
    IValue& d = regs[dst & operand::kIndexMask];
    uint32_t idx = src & operand::kIndexMask;
    if (src & operand::kConstant) {
      d = consts[idx];
    } else if (src & operand::kMove) {
      if (idx != (dst & operand::kIndexMask)) {
        IValue moved(std::move(regs[idx]));  // inline: no out-of-line assignment for numbers
        d.swap(moved);
      }
    } else {
      d = regs[idx];
    }
    return;
  }
  loadOperands(stack, ops, n, regs, consts);
  storeOutputs(stack, ops + n, n, regs);
}

}  // namespace

class InterpreterStateImpl : public std::enable_shared_from_this<InterpreterStateImpl> {
 public:
  InterpreterStateImpl() = default;

  void reset(const Code& code) {
    frames_.clear();
    registers_.clear();
    entered_.clear();
    pushFrame(code);
  }

  // Runs until the code returns (true) or suspends at a wait (false, async runs only).
  bool runImpl(Stack& stack);

  // ---- async runs ----
  IntrusivePtr<FutureImpl> startAsync(const Code& code, Stack& inputs, size_t numInputs) {
    reset(code);
    const Graph& g = *code.graph();
    TypePtr type = g.outputs().size() == 1 ? g.outputs()[0]->type() : TypePtr(AnyType::get());
    future_ = FutureImpl::create(type);
    ownStack_.reserve(numInputs + code.maxStack());
    for (size_t i = inputs.size() - numInputs; i < inputs.size(); ++i) ownStack_.push_back(std::move(inputs[i]));
    drop(inputs, numInputs);
    return future_;
  }
  void continueAsync() {
    bool done;
    try {
      done = runImpl(ownStack_);
    } catch (const std::exception&) {
      return;  // runImpl has set the future's error
    }
    if (!done) return;  // suspended; a callback resumes
    IValue result = ownStack_.size() == 1 ? std::move(ownStack_.back()) : makeTuple(std::move(ownStack_));
    ownStack_.clear();
    frames_.clear();
    future_->markCompleted(std::move(result));
  }

 private:
  void pushFrame(const Code& code) {
    size_t base = registers_.size();
    registers_.resize(base + code.numRegisters());
    const IValue* consts = code.constants().data();
    for (const Code::ConstantRegister& r : code.constantRegisters()) registers_[base + r.reg] = consts[r.constant];
    frames_.push_back(Frame{&code, 0, base});
  }
  [[noreturn]] void handleError(const std::exception& e, Stack& stack, size_t stackBase);
  bool suspendAt(const IntrusivePtr<FutureImpl>& awaited);
  void forkInto(Stack& stack, GraphFunction& fn, size_t nIn);

  // Leaves the `with` blocks an error unwinds: __exit__(None, None, None) of each object entered
  // and not exited, innermost first; their own errors are ignored, the first error wins.
  void exitEnteredObjects();

  std::vector<Frame> frames_;
  std::vector<IValue> registers_;
  std::vector<IValue> entered_;  // objects of the `with` blocks being run, innermost last
  Stack ownStack_;                   // async runs keep their stack here across suspensions
  IntrusivePtr<FutureImpl> future_;  // set for async runs
};

// Note [Interpreter hot state]
// The loop keeps what it reads per instruction in a local Cursor whose address never escapes:
// anything a non-inlined call (an operator) could reach would have to be reloaded from memory
// after every call. It holds only what the scalar instructions need (the instruction pointer,
// the operand and register bases), so it fits in callee-saved registers; everything else is read
// through the Code, and the heavier instructions run in out-of-line helpers, so that the
// compiler has no reason to spill the cursor around the scalar paths. Frame changes write the
// pc back to the frame and rebuild the cursor.
namespace {

struct Cursor {
  const Instruction* ip;  // the instruction being run
  const Instruction* insts;
  const uint32_t* operands;
  IValue* regs;
  const Code* code;

  size_t pc() const { return static_cast<size_t>(ip - insts); }
  void jump(uint32_t target) { ip = insts + target; }
  const IValue* consts() const { return code->constants().data(); }
};

[[gnu::always_inline]] inline const IValue& operandValue(uint32_t o, const IValue* regs, const IValue* consts) {
  return (o & operand::kConstant) ? consts[o & operand::kIndexMask] : regs[o & operand::kIndexMask];
}

// Gathers the inputs, calls `op`, stores the outputs: a kOp. Out of line (see the Note).
template <typename Op>
[[gnu::noinline]] void callOperation(const Op& op, Stack& stack, const uint32_t* ops, size_t nIn, size_t nOut,
                                     IValue* regs, const IValue* consts) {
  loadOperands(stack, ops, nIn, regs, consts);
  op(stack);
  storeOutputs(stack, ops + nIn, nOut, regs);
}

// Calls `op` on the stack's inputs through autograd, which records the call when grad mode is on
// and an input requires grad (ember/runtime/autograd.h).
template <typename Op>
void callRecorded(const Op& op, const Node* node, Stack& stack, size_t nIn) {
  const Operator* target = node ? node->maybeOperator() : nullptr;
  autograd::recordedCall(target ? &target->schema() : nullptr, NodeOperation(std::cref(op)), stack, nIn);
}

// Whether a kOp/kOpNode call goes through autograd: once some tensor has required grad, when
// grad mode is on or the operator writes an input (autograd bumps the written versions). Under
// no_grad, autograd would only call the operator: calling it directly saves the schema lookup.
inline bool recordsThrough(const Instruction& inst) {
  return autograd::mayBeActive() && ((inst.flags & kOpWritesInput) || isGradEnabled());
}

// A kOp once some tensor has required grad: the call goes through autograd.
template <typename Op>
[[gnu::noinline]] void recordedOperation(const Op& op, const Node* node, Stack& stack, const uint32_t* ops, size_t nIn,
                                         size_t nOut, IValue* regs, const IValue* consts) {
  loadOperands(stack, ops, nIn, regs, consts);
  callRecorded(op, node, stack, nIn);
  storeOutputs(stack, ops + nIn, nOut, regs);
}

// A kOp while a tracer is installed: the call as usual (through autograd when it may be active),
// then the tracer hook sees the node, the inputs as they were and the outputs.
template <typename Op>
[[gnu::noinline]] void tracedOperation(detail::TraceHook hook, const Op& op, const Node* node, Stack& stack,
                                       const uint32_t* ops, size_t nIn, size_t nOut, IValue* regs,
                                       const IValue* consts) {
  loadOperands(stack, ops, nIn, regs, consts);
  std::vector<IValue> inputs(stack.end() - static_cast<std::ptrdiff_t>(nIn), stack.end());
  if (autograd::mayBeActive()) callRecorded(op, node, stack, nIn);
  else op(stack);
  hook(node, inputs.data(), nIn, stack.data() + stack.size() - nOut, nOut);
  storeOutputs(stack, ops + nIn, nOut, regs);
}

// A kOp under the operator profiler: the same, timed and recorded under the node's kind (and the
// shapes of its tensor inputs, read before the call may move them).
template <typename Op>
[[gnu::noinline]] void profiledOperation(const Op& op, const Node* node, Stack& stack, const uint32_t* ops, size_t nIn,
                                         size_t nOut, IValue* regs, const IValue* consts) {
  std::string shapes;
  if (OpProfiler::recordsShapes()) {
    std::ostringstream s;
    for (size_t i = 0; i < nIn; ++i) {
      const IValue& v = operandValue(ops[i], regs, consts);
      s << (i ? ", " : "") << (v.isTensor() ? v.toTensor().sizes() : IntArrayRef());
    }
    shapes = s.str();
  }
  auto start = std::chrono::steady_clock::now();
  if (auto hook = detail::gTraceHook.load(std::memory_order_relaxed))
    tracedOperation(hook, op, node, stack, ops, nIn, nOut, regs, consts);
  else if (autograd::mayBeActive()) recordedOperation(op, node, stack, ops, nIn, nOut, regs, consts);
  else callOperation(op, stack, ops, nIn, nOut, regs, consts);
  std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  OpProfiler::record(node ? node->kind().toQualString() : std::string("<unknown>"), std::move(shapes), took.count());
}

// A typed scalar instruction's operator, for operands of an unexpected kind: out = op(a, b).
[[gnu::noinline]] void scalarFallback(const Operation& op, Stack& stack, const uint32_t* ops, IValue* regs,
                                      const IValue* consts) {
  callOperation(op, stack, ops, 2, 1, regs, consts);
}

// The same for a comparison feeding a jump (with `arith` first when fused): the result's truth.
[[gnu::noinline]] bool compareFallback(const Operation* arith, const Operation& cmp, Stack& stack, const uint32_t* ops,
                                       IValue* regs, const IValue* consts) {
  loadOperands(stack, ops, 2, regs, consts);
  if (arith) {
    (*arith)(stack);
    loadOperands(stack, ops + 2, 1, regs, consts);
  }
  cmp(stack);
  bool result = stack.back().toBool();
  stack.pop_back();
  return result;
}

// The loop test (kLoop): the next iteration's counter and iteration value, or false to exit.
[[gnu::always_inline]] inline bool loopContinues(const Instruction& inst, const uint32_t* ops, IValue* regs,
                                                 const IValue* consts) {
  if (!(inst.flags & kLoopHasTripCount)) return !(inst.flags & kLoopHasCondition) || regs[ops[0]].toBool();
  IValue& counter = regs[ops[1]];
  const int64_t n = counter.unsafeToInt();  // only the loop writes it: always an int
  if (n >= operandValue(ops[0], regs, consts).toInt()) return false;
  size_t i = 2;
  if (inst.flags & kLoopHasCondition) {
    if (!regs[ops[i]].toBool()) return false;
    ++i;
  }
  counter.setInt(n + 1);
  if (inst.flags & kLoopHasIterValue) regs[ops[i]].setInt(n);
  return true;
}

}  // namespace

bool InterpreterStateImpl::runImpl(Stack& stack) {
  size_t numInputs = frames_.front().code->numInputs();
  size_t stackBase = stack.size() >= numInputs ? stack.size() - numInputs : 0;
  auto cursorOf = [this]() {
    const Frame& f = frames_.back();
    const Code* code = f.code;
    const Instruction* insts = code->instructions().data();
    return Cursor{insts + f.pc, insts, code->operands().data(), registers_.data() + f.base, code};
  };
  Cursor c = cursorOf();

  // Runs of scalar instructions go to runScalarInstructions; it returns at the first instruction
  // it leaves to this loop, which may be the one it was given (then run here, in general form).
  auto scalarRun = [&c]() {
    const Instruction* next = runScalarInstructions(c.ip, c.insts, c.operands, c.regs);
    if (next == c.ip) return false;
    c.ip = next;
    return true;
  };

  try {
    for (;;) {
      const Instruction& inst = *c.ip;
      const uint32_t* ops = c.operands + inst.operands;
      switch (inst.op) {
        // The typed scalar instructions the run loop declined (operands of an unexpected kind, a
        // zero divisor): their operators, which raise or compute what the program expects.
        case OpCode::kIntDivConst:
        case OpCode::kIntOp:
        case OpCode::kFloatOp:
          if (scalarRun()) break;
          scalarFallback(c.code->operations()[inst.x], stack, ops, c.regs, c.consts());
          ++c.ip;
          break;
        case OpCode::kCmpJumpFalse:
          if (scalarRun()) break;
          if (compareFallback(nullptr, c.code->operations()[ops[2]], stack, ops, c.regs, c.consts())) ++c.ip;
          else c.jump(inst.x);
          break;
        case OpCode::kIntOpCmpJumpFalse: {
          if (scalarRun()) break;
          const Operation* operations = c.code->operations().data();
          if (compareFallback(&operations[ops[3]], operations[ops[4]], stack, ops, c.regs, c.consts())) ++c.ip;
          else c.jump(inst.x);
          break;
        }
        case OpCode::kOp:
          if (EMBER_UNLIKELY(OpProfiler::enabled()))
            profiledOperation(c.code->operations()[inst.x], c.code->nodeFor(c.pc()), stack, ops, inst.nIn, inst.nOut,
                              c.regs, c.consts());
          else if (auto hook = detail::gTraceHook.load(std::memory_order_relaxed); EMBER_UNLIKELY(hook != nullptr))
            tracedOperation(hook, c.code->operations()[inst.x], c.code->nodeFor(c.pc()), stack, ops, inst.nIn, inst.nOut,
                            c.regs, c.consts());
          else if (EMBER_UNLIKELY(recordsThrough(inst)))
            recordedOperation(c.code->operations()[inst.x], c.code->nodeFor(c.pc()), stack, ops, inst.nIn, inst.nOut,
                              c.regs, c.consts());
          else
            callOperation(c.code->operations()[inst.x], stack, ops, inst.nIn, inst.nOut, c.regs, c.consts());
          ++c.ip;
          break;
        case OpCode::kOpNode:
          if (EMBER_UNLIKELY(OpProfiler::enabled()))
            profiledOperation(c.code->nodeOperations()[inst.x], c.code->nodeFor(c.pc()), stack, ops, inst.nIn,
                              inst.nOut, c.regs, c.consts());
          else if (auto hook = detail::gTraceHook.load(std::memory_order_relaxed); EMBER_UNLIKELY(hook != nullptr))
            tracedOperation(hook, c.code->nodeOperations()[inst.x], c.code->nodeFor(c.pc()), stack, ops, inst.nIn, inst.nOut,
                            c.regs, c.consts());
          else if (EMBER_UNLIKELY(recordsThrough(inst)))
            recordedOperation(c.code->nodeOperations()[inst.x], c.code->nodeFor(c.pc()), stack, ops, inst.nIn,
                              inst.nOut, c.regs, c.consts());
          else
            callOperation(c.code->nodeOperations()[inst.x], stack, ops, inst.nIn, inst.nOut, c.regs, c.consts());
          ++c.ip;
          break;
        case OpCode::kEnter:
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts());
          entered_.push_back(stack.back());
          c.code->operations()[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, c.regs);
          ++c.ip;
          break;
        case OpCode::kExit:
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts());
          if (!entered_.empty()) entered_.pop_back();
          c.code->operations()[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, c.regs);
          ++c.ip;
          break;
        case OpCode::kLoad:
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts());
          ++c.ip;
          break;
        case OpCode::kStore:
          storeOutputs(stack, ops, inst.nOut, c.regs);
          ++c.ip;
          break;
        case OpCode::kMoves:
          moveRegisters(stack, ops, inst.nIn, c.regs, c.consts());
          ++c.ip;
          break;
        case OpCode::kDrop:
          for (size_t i = 0; i < inst.nIn; ++i) c.regs[ops[i]] = IValue();
          ++c.ip;
          break;
        case OpCode::kJump:
          c.jump(inst.x);
          break;
        case OpCode::kJumpFalse:
          if (operandValue(ops[0], c.regs, c.consts()).toBool()) ++c.ip;
          else c.jump(inst.x);
          break;
        case OpCode::kLoop:
          if (scalarRun()) break;
          c.jump(loopContinues(inst, ops, c.regs, c.consts()) ? ops[inst.nIn] : inst.x);
          break;
        case OpCode::kCall:
        case OpCode::kCallMethod: {
          Function* fn;
          if (inst.op == OpCode::kCall) {
            fn = c.code->callees()[inst.x];
          } else {
            const IValue& self = stack[stack.size() - inst.nIn];
            const std::string& name = c.code->names()[inst.x];
            fn = self.toObjectRef().type->findMethod(name);
            EMBER_CHECK(fn, "Method '", name, "' is not defined on ", self.toObjectRef().type->qualifiedName());
          }
          frames_.back().pc = c.pc();
          if (fn->isGraphFunction()) {
            pushFrame(*static_cast<GraphFunction*>(fn)->getExecutor().getPlanFor(stack).code);
            c = cursorOf();
          } else {
            fn->run(stack);
            ++c.ip;
          }
          break;
        }
        case OpCode::kFork:
          forkInto(stack, *c.code->forks()[inst.x], inst.nIn);
          ++c.ip;
          break;
        case OpCode::kWait: {
          IntrusivePtr<FutureImpl> fut = stack.back().toFuture();
          if (future_ && !fut->completed()) {
            frames_.back().pc = c.pc();
            return suspendAt(fut);
          }
          stack.back() = fut->wait();  // a synchronous run blocks; a failed future rethrows
          ++c.ip;
          break;
        }
        case OpCode::kRet: {
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts());
          size_t base = frames_.back().base;
          frames_.pop_back();
          registers_.resize(base);
          if (frames_.empty()) return true;
          c = cursorOf();
          ++c.ip;  // past the CALL; the caller's next instruction stores the outputs
          break;
        }
      }
    }
  } catch (const std::exception& e) {
    frames_.back().pc = c.pc();
    handleError(e, stack, stackBase);
  }
}

void InterpreterStateImpl::exitEnteredObjects() {
  while (!entered_.empty()) {
    IValue obj = std::move(entered_.back());
    entered_.pop_back();
    Function* exit = obj.isObject() ? obj.toObjectRef().type->findMethod("__exit__") : nullptr;
    if (!exit) continue;
    Stack args{obj, IValue(), IValue(), IValue()};
    try {
      exit->run(args);
    } catch (const std::exception&) {
    }
  }
}

void InterpreterStateImpl::handleError(const std::exception& e, Stack& stack, size_t stackBase) {
  std::vector<TracebackEntry> entries;
  for (const Frame& f : frames_) entries.push_back(TracebackEntry{f.code, f.pc});
  std::string text = formatInterpreterError(e, entries);
  exitEnteredObjects();
  frames_.clear();
  registers_.clear();
  if (stack.size() > stackBase) stack.resize(stackBase);
  if (future_) {
    // A forked function's failure reaches its waiter as a plain error, as PyTorch's does.
    future_->setError(std::make_exception_ptr(Error(text)));
    ownStack_.clear();
    throw Error(text);
  }
  if (auto* jit = dynamic_cast<const JitException*>(&e)) {
    throw JitException(text, jit->pythonClassName(), jit->originalMessage());
  }
  throw Error(text);
}

bool InterpreterStateImpl::suspendAt(const IntrusivePtr<FutureImpl>& awaited) {
  std::shared_ptr<InterpreterStateImpl> self = shared_from_this();
  awaited->addCallback([self](FutureImpl&) { launchInterOpTask([self] { self->continueAsync(); }); });
  return false;
}

void InterpreterStateImpl::forkInto(Stack& stack, GraphFunction& fn, size_t nIn) {
  const Code& code = *fn.getExecutor().getPlanFor(stack).code;
  auto state = std::make_shared<InterpreterStateImpl>();
  IntrusivePtr<FutureImpl> fut = state->startAsync(code, stack, nIn);
  launchInterOpTask([state] { state->continueAsync(); });
  stack.push_back(std::move(fut));
}

// ---------------------------------------------------------------------------------------------

InterpreterState::InterpreterState(const Code& code) : impl_(std::make_shared<InterpreterStateImpl>()), code_(&code) {}
InterpreterState::~InterpreterState() = default;
InterpreterState::InterpreterState(InterpreterState&&) noexcept = default;
InterpreterState& InterpreterState::operator=(InterpreterState&&) noexcept = default;

void InterpreterState::run(Stack& stack) {
  impl_->reset(*code_);
  impl_->runImpl(stack);
}

IntrusivePtr<FutureImpl> InterpreterState::runAsync(Stack& stack) {
  // A fresh state per asynchronous run: a suspended run keeps its own alive.
  impl_ = std::make_shared<InterpreterStateImpl>();
  IntrusivePtr<FutureImpl> fut = impl_->startAsync(*code_, stack, code_->numInputs());
  impl_->continueAsync();
  return fut;
}

void runCode(const Code& code, Stack& stack) {
  // Per-thread spare states: nested synchronous runs (an operator running a function) take
  // another one, so reuse is safe; warm states need no allocation.
  thread_local std::vector<std::unique_ptr<InterpreterStateImpl>> spares;
  std::unique_ptr<InterpreterStateImpl> state;
  if (spares.empty()) {
    state = std::make_unique<InterpreterStateImpl>();
  } else {
    state = std::move(spares.back());
    spares.pop_back();
  }
  struct GiveBack {
    std::vector<std::unique_ptr<InterpreterStateImpl>>& spares;
    std::unique_ptr<InterpreterStateImpl>& state;
    ~GiveBack() {
      if (spares.size() < 8) spares.push_back(std::move(state));
    }
  } giveBack{spares, state};
  state->reset(code);
  state->runImpl(stack);
}

}  // namespace ember::jit
