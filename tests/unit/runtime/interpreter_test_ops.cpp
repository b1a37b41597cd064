#include "unit/runtime/interpreter_test_ops.h"

#include <chrono>
#include <thread>

#include "ember/core/stack.h"
#include "ember/runtime/jit_exception.h"
#include "ember/runtime/register_operators.h"
#include "ember/tensor.h"
#include "runtime/code.h"
#include "runtime/interpreter.h"

namespace ember::jit::itest {
namespace {

std::mutex gRecordMutex;
std::vector<int64_t> gRecorded;

template <int64_t (*F)(int64_t, int64_t)>
void intOp(Stack& s) {
  int64_t b = pop(s).toInt();
  int64_t a = pop(s).toInt();
  push(s, F(a, b));
}
int64_t addI(int64_t a, int64_t b) { return a + b; }
int64_t subI(int64_t a, int64_t b) { return a - b; }
int64_t mulI(int64_t a, int64_t b) { return a * b; }
int64_t remI(int64_t a, int64_t b) {
  EMBER_CHECK(b != 0, "integer modulo by zero");
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
int64_t floordivI(int64_t a, int64_t b) {
  EMBER_CHECK(b != 0, "division by 0");
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

void ltOp(Stack& s) {
  int64_t b = pop(s).toInt();
  int64_t a = pop(s).toInt();
  push(s, a < b);
}
void eqOp(Stack& s) {
  int64_t b = pop(s).toInt();
  int64_t a = pop(s).toInt();
  push(s, a == b);
}
void divmodOp(Stack& s) {
  int64_t b = pop(s).toInt();
  int64_t a = pop(s).toInt();
  int64_t q = floordivI(a, b);
  push(s, q, a - q * b);
}
void taddOp(Stack& s) {
  Tensor b = pop(s).toTensor();
  Tensor a = pop(s).toTensor();
  push(s, add(a, b));
}
void tscaleOp(Stack& s) {
  double k = pop(s).toDouble();
  Tensor a = pop(s).toTensor();
  push(s, mul(a, Scalar(k)));
}
void recordOp(Stack& s) {
  int64_t x = s.back().toInt();
  std::lock_guard<std::mutex> lock(gRecordMutex);
  gRecorded.push_back(x);
}
void sleepAdd1Op(Stack& s) {
  int64_t ms = pop(s).toInt();
  int64_t x = pop(s).toInt();
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  push(s, x + 1);
}
void raiseOp(Stack& s) {
  std::string cls = pop(s).toStringRef();
  std::string msg = pop(s).toStringRef();
  throw JitException(msg, cls.empty() ? std::nullopt : std::optional<std::string>(cls));
}

RegisterOperators reg({
    Operator("itest::add(int a, int b) -> int", intOp<addI>),
    Operator("itest::sub(int a, int b) -> int", intOp<subI>),
    Operator("itest::mul(int a, int b) -> int", intOp<mulI>),
    Operator("itest::rem(int a, int b) -> int", intOp<remI>),
    Operator("itest::floordiv(int a, int b) -> int", intOp<floordivI>),
    Operator("itest::lt(int a, int b) -> bool", ltOp),
    Operator("itest::eq(int a, int b) -> bool", eqOp),
    Operator("itest::divmod(int a, int b) -> (int, int)", divmodOp),
    Operator("itest::tadd(Tensor a, Tensor b) -> Tensor", taddOp),
    Operator("itest::tscale(Tensor a, float s) -> Tensor", tscaleOp),
    Operator("itest::record(int x) -> int", recordOp, AliasAnalysisKind::CONSERVATIVE),
    Operator("itest::sleep_add1(int x, int ms) -> int", sleepAdd1Op, AliasAnalysisKind::CONSERVATIVE),
    Operator("itest::raise(str msg, str cls) -> ()", raiseOp, AliasAnalysisKind::CONSERVATIVE),
});

}  // namespace

std::vector<int64_t> recorded() {
  std::lock_guard<std::mutex> lock(gRecordMutex);
  return gRecorded;
}
void clearRecorded() {
  std::lock_guard<std::mutex> lock(gRecordMutex);
  gRecorded.clear();
}

Stack runCodeOf(const std::shared_ptr<Graph>& graph, Stack inputs) {
  Code code(graph, "f");
  InterpreterState state(code);
  state.run(inputs);
  return inputs;
}

Stack runIR(const std::string& ir, Stack inputs) { return runCodeOf(parseGraph(ir), std::move(inputs)); }

}  // namespace ember::jit::itest
