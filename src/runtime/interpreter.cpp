#include "runtime/interpreter.h"

#include <sstream>

#include "ember/core/function.h"
#include "ember/core/stack.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "ember/runtime/jit_exception.h"
#include "runtime/interop_pool.h"
#include "runtime/ops/scalar_functors.h"
#include "runtime/scalar_instructions.h"
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

// The typed scalar instructions on known-kind operands; out is written after both are read.
template <typename T>
[[gnu::always_inline]] inline void scalarArith(uint8_t op, T a, T b, IValue& out) {
  using namespace scalar;
  auto set = [&](auto v) {
    if constexpr (std::is_same_v<decltype(v), bool>) out.setBool(v);
    else if constexpr (std::is_same_v<decltype(v), double>) out.setDouble(v);
    else out.setInt(v);
  };
  switch (static_cast<ScalarOp>(op)) {
    case ScalarOp::Add: return set(Add{}(a, b));
    case ScalarOp::Sub: return set(Sub{}(a, b));
    case ScalarOp::Mul: return set(Mul{}(a, b));
    case ScalarOp::Div: return set(Div{}(a, b));
    case ScalarOp::FloorDiv: return set(FloorDiv{}(a, b));
    case ScalarOp::Rem: return set(Remainder{}(a, b));
    case ScalarOp::Eq: return set(Eq{}(a, b));
    case ScalarOp::Ne: return set(Ne{}(a, b));
    case ScalarOp::Lt: return set(Lt{}(a, b));
    case ScalarOp::Le: return set(Le{}(a, b));
    case ScalarOp::Gt: return set(Gt{}(a, b));
    case ScalarOp::Ge: return set(Ge{}(a, b));
  }
}

template <typename T>
[[gnu::always_inline]] inline bool scalarCompare(uint8_t op, T a, T b) {
  using namespace scalar;
  switch (static_cast<ScalarOp>(op)) {
    case ScalarOp::Eq: return Eq{}(a, b);
    case ScalarOp::Ne: return Ne{}(a, b);
    case ScalarOp::Lt: return Lt{}(a, b);
    case ScalarOp::Le: return Le{}(a, b);
    case ScalarOp::Gt: return Gt{}(a, b);
    default: return Ge{}(a, b);
  }
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
// after every call. Frame changes write the pc back to the frame and rebuild the cursor.
namespace {

struct Cursor {
  const Code* code;
  const Instruction* insts;
  const uint32_t* operands;
  const IValue* consts;
  const Operation* operations;
  IValue* regs;
  size_t pc;
};

[[gnu::always_inline]] inline const IValue& operandValue(uint32_t o, const IValue* regs, const IValue* consts) {
  return (o & operand::kConstant) ? consts[o & operand::kIndexMask] : regs[o & operand::kIndexMask];
}

}  // namespace

bool InterpreterStateImpl::runImpl(Stack& stack) {
  size_t numInputs = frames_.front().code->numInputs();
  size_t stackBase = stack.size() >= numInputs ? stack.size() - numInputs : 0;
  auto cursorOf = [this]() {
    const Frame& f = frames_.back();
    const Code* code = f.code;
    return Cursor{code,
                  code->instructions().data(),
                  code->operands().data(),
                  code->constants().data(),
                  code->operations().data(),
                  registers_.data() + f.base,
                  f.pc};
  };
  Cursor c = cursorOf();

  try {
    for (;;) {
      const Instruction& inst = c.insts[c.pc];
      const uint32_t* ops = c.operands + inst.operands;
      switch (inst.op) {
        case OpCode::kIntOp: {
          const IValue& a = operandValue(ops[0], c.regs, c.consts);
          const IValue& b = operandValue(ops[1], c.regs, c.consts);
          if (EMBER_LIKELY(a.isInt() && b.isInt())) {
            scalarArith<int64_t>(inst.flags, a.unsafeToInt(), b.unsafeToInt(), c.regs[ops[2] & operand::kIndexMask]);
          } else {
            loadOperands(stack, ops, 2, c.regs, c.consts);
            c.operations[inst.x](stack);
            storeOutputs(stack, ops + 2, 1, c.regs);
          }
          ++c.pc;
          break;
        }
        case OpCode::kFloatOp: {
          const IValue& a = operandValue(ops[0], c.regs, c.consts);
          const IValue& b = operandValue(ops[1], c.regs, c.consts);
          if (EMBER_LIKELY(a.isDouble() && b.isDouble())) {
            scalarArith<double>(inst.flags, a.unsafeToDouble(), b.unsafeToDouble(), c.regs[ops[2] & operand::kIndexMask]);
          } else {
            loadOperands(stack, ops, 2, c.regs, c.consts);
            c.operations[inst.x](stack);
            storeOutputs(stack, ops + 2, 1, c.regs);
          }
          ++c.pc;
          break;
        }
        case OpCode::kCmpJumpFalse: {
          const IValue& a = operandValue(ops[0], c.regs, c.consts);
          const IValue& b = operandValue(ops[1], c.regs, c.consts);
          uint8_t op = inst.flags & ~kCmpFloat;
          bool result;
          if (!(inst.flags & kCmpFloat) && EMBER_LIKELY(a.isInt() && b.isInt())) {
            result = scalarCompare<int64_t>(op, a.unsafeToInt(), b.unsafeToInt());
          } else if ((inst.flags & kCmpFloat) && EMBER_LIKELY(a.isDouble() && b.isDouble())) {
            result = scalarCompare<double>(op, a.unsafeToDouble(), b.unsafeToDouble());
          } else {
            loadOperands(stack, ops, 2, c.regs, c.consts);
            c.operations[ops[2]](stack);
            result = stack.back().toBool();
            stack.pop_back();
          }
          c.pc = result ? c.pc + 1 : inst.x;
          break;
        }
        case OpCode::kOp:
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts);
          c.operations[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, c.regs);
          ++c.pc;
          break;
        case OpCode::kOpNode:
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts);
          c.code->nodeOperations()[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, c.regs);
          ++c.pc;
          break;
        case OpCode::kEnter:
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts);
          entered_.push_back(stack.back());
          c.operations[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, c.regs);
          ++c.pc;
          break;
        case OpCode::kExit:
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts);
          if (!entered_.empty()) entered_.pop_back();
          c.operations[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, c.regs);
          ++c.pc;
          break;
        case OpCode::kLoad:
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts);
          ++c.pc;
          break;
        case OpCode::kStore:
          storeOutputs(stack, ops, inst.nOut, c.regs);
          ++c.pc;
          break;
        case OpCode::kMoves:
          moveRegisters(stack, ops, inst.nIn, c.regs, c.consts);
          ++c.pc;
          break;
        case OpCode::kDrop:
          for (size_t i = 0; i < inst.nIn; ++i) c.regs[ops[i]] = IValue();
          ++c.pc;
          break;
        case OpCode::kJump:
          c.pc = inst.x;
          break;
        case OpCode::kJumpFalse:
          c.pc = operandValue(ops[0], c.regs, c.consts).toBool() ? c.pc + 1 : inst.x;
          break;
        case OpCode::kLoop: {
          bool go = true;
          if (inst.flags & kLoopHasTripCount) {
            int64_t maxTrip = operandValue(ops[0], c.regs, c.consts).toInt();
            IValue& counter = c.regs[ops[1]];
            int64_t n = counter.toInt();
            size_t i = 2;
            go = n < maxTrip;
            if (go && (inst.flags & kLoopHasCondition)) go = c.regs[ops[i]].toBool();
            if (go) {
              counter.setInt(n + 1);
              if (inst.flags & kLoopHasIterValue) c.regs[ops[i + ((inst.flags & kLoopHasCondition) ? 1 : 0)]].setInt(n);
            }
          } else if (inst.flags & kLoopHasCondition) {
            go = c.regs[ops[0]].toBool();
          }
          c.pc = go ? c.pc + 1 : inst.x;
          break;
        }
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
          frames_.back().pc = c.pc;
          if (fn->isGraphFunction()) {
            pushFrame(*static_cast<GraphFunction*>(fn)->getExecutor().getPlanFor(stack).code);
            c = cursorOf();
          } else {
            fn->run(stack);
            ++c.pc;
          }
          break;
        }
        case OpCode::kFork:
          forkInto(stack, *c.code->forks()[inst.x], inst.nIn);
          ++c.pc;
          break;
        case OpCode::kWait: {
          IntrusivePtr<FutureImpl> fut = stack.back().toFuture();
          if (future_ && !fut->completed()) {
            frames_.back().pc = c.pc;
            return suspendAt(fut);
          }
          stack.back() = fut->wait();  // a synchronous run blocks; a failed future rethrows
          ++c.pc;
          break;
        }
        case OpCode::kRet: {
          loadOperands(stack, ops, inst.nIn, c.regs, c.consts);
          size_t base = frames_.back().base;
          frames_.pop_back();
          registers_.resize(base);
          if (frames_.empty()) return true;
          c = cursorOf();
          ++c.pc;  // past the CALL; the caller's next instruction stores the outputs
          break;
        }
      }
    }
  } catch (const std::exception& e) {
    frames_.back().pc = c.pc;
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
