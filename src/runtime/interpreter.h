// InterpreterState: one execution of Code (the spec's "Interpreter"). It owns the frames (one
// per active graph function: calls push a frame instead of recursing in C++), the register file
// and the program counters. At `wait` on a Future that is not complete, an asynchronous run
// suspends and resumes, possibly on another thread, when the Future completes; a synchronous run
// blocks instead. Errors are reported with a TorchScript traceback built from the frames.
#pragma once

#include <memory>

#include "ember/core/ivalue.h"
#include "runtime/code.h"

namespace ember::jit {

class InterpreterStateImpl;

class InterpreterState {
 public:
  explicit InterpreterState(const Code& code);
  ~InterpreterState();
  InterpreterState(InterpreterState&&) noexcept;
  InterpreterState& operator=(InterpreterState&&) noexcept;

  // Pops the code's inputs from `stack` and pushes its outputs.
  void run(Stack& stack);
  // Takes the inputs from `stack` and runs until the first suspension; the Future completes with
  // the output (a tuple when the code returns several values) or the error.
  IntrusivePtr<FutureImpl> runAsync(Stack& stack);

 private:
  std::shared_ptr<InterpreterStateImpl> impl_;
  const Code* code_;
};

// Runs `code` synchronously on `stack`, reusing this thread's interpreter storage (no allocation
// once warm). The GraphExecutor's entry point.
void runCode(const Code& code, Stack& stack);

}  // namespace ember::jit
