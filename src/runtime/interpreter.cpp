#include "runtime/interpreter.h"

#include <sstream>

#include "ember/core/function.h"
#include "ember/core/stack.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_function.h"
#include "ember/runtime/jit_exception.h"
#include "runtime/interop_pool.h"
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
      if (idx != (dst & operand::kIndexMask)) d = std::move(regs[idx]);
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

bool InterpreterStateImpl::runImpl(Stack& stack) {
  size_t numInputs = frames_.front().code->numInputs();
  size_t stackBase = stack.size() >= numInputs ? stack.size() - numInputs : 0;
  Frame* frame = &frames_.back();
  const Code* code = frame->code;
  const Instruction* insts = code->instructions().data();
  const uint32_t* operands = code->operands().data();
  const IValue* consts = code->constants().data();
  const Operation* operations = code->operations().data();
  IValue* regs = registers_.data() + frame->base;
  size_t pc = frame->pc;

  // After a frame is pushed or popped (the register file may have moved).
  auto enterFrame = [&] {
    frame = &frames_.back();
    code = frame->code;
    insts = code->instructions().data();
    operands = code->operands().data();
    consts = code->constants().data();
    operations = code->operations().data();
    regs = registers_.data() + frame->base;
    pc = frame->pc;
  };
  auto call = [&](Function* fn, size_t nIn) {
    frame->pc = pc;
    if (fn->isGraphFunction()) {
      const Code& callee = *static_cast<GraphFunction*>(fn)->getExecutor().getPlanFor(stack).code;
      pushFrame(callee);
      enterFrame();
    } else {
      (void)nIn;
      fn->run(stack);
      ++pc;
    }
  };

  try {
    for (;;) {
      const Instruction& inst = insts[pc];
      const uint32_t* ops = operands + inst.operands;
      switch (inst.op) {
        case OpCode::kOp:
          loadOperands(stack, ops, inst.nIn, regs, consts);
          operations[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, regs);
          ++pc;
          break;
        case OpCode::kOpNode:
          loadOperands(stack, ops, inst.nIn, regs, consts);
          code->nodeOperations()[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, regs);
          ++pc;
          break;
        case OpCode::kEnter:
          loadOperands(stack, ops, inst.nIn, regs, consts);
          entered_.push_back(stack.back());
          operations[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, regs);
          ++pc;
          break;
        case OpCode::kExit:
          loadOperands(stack, ops, inst.nIn, regs, consts);
          if (!entered_.empty()) entered_.pop_back();
          operations[inst.x](stack);
          storeOutputs(stack, ops + inst.nIn, inst.nOut, regs);
          ++pc;
          break;
        case OpCode::kLoad:
          loadOperands(stack, ops, inst.nIn, regs, consts);
          ++pc;
          break;
        case OpCode::kStore:
          storeOutputs(stack, ops, inst.nOut, regs);
          ++pc;
          break;
        case OpCode::kMoves:
          moveRegisters(stack, ops, inst.nIn, regs, consts);
          ++pc;
          break;
        case OpCode::kDrop:
          for (size_t i = 0; i < inst.nIn; ++i) regs[ops[i]] = IValue();
          ++pc;
          break;
        case OpCode::kJump:
          pc = inst.x;
          break;
        case OpCode::kJumpFalse: {
          uint32_t o = ops[0];
          const IValue& c = (o & operand::kConstant) ? consts[o & operand::kIndexMask] : regs[o & operand::kIndexMask];
          pc = c.toBool() ? pc + 1 : inst.x;
          break;
        }
        case OpCode::kLoop: {
          size_t i = 0;
          bool go = true;
          if (inst.flags & kLoopHasTripCount) {
            uint32_t t = ops[0];
            int64_t maxTrip = ((t & operand::kConstant) ? consts[t & operand::kIndexMask] : regs[t & operand::kIndexMask]).toInt();
            IValue& counter = regs[ops[1]];
            int64_t n = counter.toInt();
            i = 2;
            go = n < maxTrip;
            if (go && (inst.flags & kLoopHasCondition)) go = regs[ops[i]].toBool();
            if (go) {
              counter = IValue(n + 1);
              if (inst.flags & kLoopHasIterValue) regs[ops[i + ((inst.flags & kLoopHasCondition) ? 1 : 0)]] = IValue(n);
            }
          } else if (inst.flags & kLoopHasCondition) {
            go = regs[ops[0]].toBool();
          }
          pc = go ? pc + 1 : inst.x;
          break;
        }
        case OpCode::kCall:
          call(code->callees()[inst.x], inst.nIn);
          break;
        case OpCode::kCallMethod: {
          const IValue& self = stack[stack.size() - inst.nIn];
          const std::string& name = code->names()[inst.x];
          Function* fn = self.toObjectRef().type->findMethod(name);
          EMBER_CHECK(fn, "Method '", name, "' is not defined on ", self.toObjectRef().type->qualifiedName());
          call(fn, inst.nIn);
          break;
        }
        case OpCode::kFork:
          forkInto(stack, *code->forks()[inst.x], inst.nIn);
          ++pc;
          break;
        case OpCode::kWait: {
          IntrusivePtr<FutureImpl> fut = stack.back().toFuture();
          if (future_ && !fut->completed()) {
            frame->pc = pc;
            return suspendAt(fut);
          }
          stack.back() = fut->wait();  // a synchronous run blocks; a failed future rethrows
          ++pc;
          break;
        }
        case OpCode::kRet: {
          loadOperands(stack, ops, inst.nIn, regs, consts);
          size_t base = frame->base;
          frames_.pop_back();
          registers_.resize(base);
          if (frames_.empty()) return true;
          enterFrame();
          ++pc;  // past the CALL; the caller's next instruction stores the outputs
          break;
        }
      }
    }
  } catch (const std::exception& e) {
    frame->pc = pc;
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
