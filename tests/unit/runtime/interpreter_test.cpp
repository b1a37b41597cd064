// Interpreter: every instruction and control-flow shape, run on graphs parsed from IR text.
// Expected values are Python's semantics for the same program (noted next to each graph).
#include <gtest/gtest.h>

#include "ember/ir/file_check.h"
#include "ember/core/symbols.h"
#include "ember/core/stack.h"
#include "ember/runtime/graph_function.h"
#include "ember/runtime/jit_exception.h"
#include "ember/tensor.h"
#include "ember/tensor/allocator.h"
#include "runtime/code.h"
#include "runtime/interpreter.h"
#include "unit/runtime/interpreter_test_ops.h"

namespace ember::jit {
namespace {

using itest::parseGraph;
using itest::runCodeOf;
using itest::runIR;

// Element i of a float32 tensor.
double elem(const Tensor& t, int64_t i) { return static_cast<const float*>(t.data_ptr())[i]; }

int64_t runInt(const std::string& ir, Stack inputs) {
  Stack out = runIR(ir, std::move(inputs));
  EXPECT_EQ(out.size(), 1u);
  return out.at(0).toInt();
}

TEST(Interpreter, StraightLineAndConstants) {
  // (a + b) * a + 5
  const char* ir = R"IR(
graph(%a : int, %b : int):
  %five : int = prim::Constant[value=5]()
  %c : int = itest::add(%a, %b)
  %d : int = itest::mul(%c, %a)
  %e : int = itest::add(%d, %five)
  return (%e))IR";
  EXPECT_EQ(runInt(ir, {3, 4}), 26);
  EXPECT_EQ(runInt(ir, {-2, 10}), -11);
}

TEST(Interpreter, SeveralOutputsAndUnusedValues) {
  // q, r = divmod(a, b); an unused input and an unused output; returns (r, q, a)
  const char* ir = R"IR(
graph(%a : int, %b : int, %unused : int):
  %q : int, %r : int = itest::divmod(%a, %b)
  %q2 : int, %r2 : int = itest::divmod(%b, %a)
  return (%r, %q, %a, %r2))IR";
  Stack out = runIR(ir, {-7, 2, 100});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].toInt(), 1);   // -7 % 2 in Python
  EXPECT_EQ(out[1].toInt(), -4);  // -7 // 2
  EXPECT_EQ(out[2].toInt(), -7);
  EXPECT_EQ(out[3].toInt(), -5);  // 2 % -7
}

TEST(Interpreter, SameValueTwiceInOneInstruction) {
  // x * x + x: the copies happen before the move of the last use.
  const char* ir = R"IR(
graph(%x : Tensor):
  %y : Tensor = itest::tadd(%x, %x)
  %z : Tensor = itest::tadd(%y, %y)
  return (%z, %z))IR";
  Stack out = runIR(ir, {full({2}, 1.5)});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_DOUBLE_EQ(elem(out[0].toTensor(), 0), 6.0);
  EXPECT_TRUE(out[0].is(out[1]));
}

TEST(Interpreter, IfElseWithOutputs) {
  // r = a - b if a < b else a * b
  const char* ir = R"IR(
graph(%a : int, %b : int):
  %c : bool = itest::lt(%a, %b)
  %r : int = prim::If(%c)
    block0():
      %t : int = itest::sub(%a, %b)
      -> (%t)
    block1():
      %f : int = itest::mul(%a, %b)
      -> (%f)
  return (%r))IR";
  EXPECT_EQ(runInt(ir, {2, 5}), -3);
  EXPECT_EQ(runInt(ir, {5, 2}), 10);
}

TEST(Interpreter, NestedIfAndIfWithoutOutputs) {
  // if a < 0: record(a)
  // sign = -1 if a < 0 else (0 if a == 0 else 1)
  const char* ir = R"IR(
graph(%a : int):
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %m1 : int = prim::Constant[value=-1]()
  %neg : bool = itest::lt(%a, %zero)
  prim::If(%neg)
    block0():
      %_ : int = itest::record(%a)
      -> ()
    block1():
      -> ()
  %s : int = prim::If(%neg)
    block0():
      -> (%m1)
    block1():
      %z : bool = itest::eq(%a, %zero)
      %s2 : int = prim::If(%z)
        block0():
          -> (%zero)
        block1():
          -> (%one)
      -> (%s2)
  return (%s))IR";
  itest::clearRecorded();
  EXPECT_EQ(runInt(ir, {-4}), -1);
  EXPECT_EQ(runInt(ir, {0}), 0);
  EXPECT_EQ(runInt(ir, {9}), 1);
  EXPECT_EQ(itest::recorded(), std::vector<int64_t>{-4});
}

TEST(Interpreter, ForLoopOverRange) {
  // total = 0; for i in range(n): total += i * i
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %total : int = prim::Loop(%n, %true, %zero)
    block0(%i : int, %acc : int):
      %sq : int = itest::mul(%i, %i)
      %next : int = itest::add(%acc, %sq)
      -> (%true, %next)
  return (%total))IR";
  EXPECT_EQ(runInt(ir, {10}), 285);
  EXPECT_EQ(runInt(ir, {0}), 0);
  EXPECT_EQ(runInt(ir, {-3}), 0);  // range of a negative count is empty
}

TEST(Interpreter, WhileLoopKeepsNoCounter) {
  // steps = 0; while x != 1: x = x // 2 if x % 2 == 0 else 3 * x + 1; steps += 1   (Collatz)
  const char* ir = R"IR(
graph(%x.1 : int):
  %max : int = prim::Constant[value=9223372036854775807]()
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %two : int = prim::Constant[value=2]()
  %three : int = prim::Constant[value=3]()
  %c0 : bool = itest::eq(%x.1, %one)
  %c1 : bool = aten::__not__(%c0)
  %x : int, %steps : int = prim::Loop(%max, %c1, %x.1, %zero)
    block0(%i : int, %x.2 : int, %s.1 : int):
      %r : int = itest::rem(%x.2, %two)
      %even : bool = itest::eq(%r, %zero)
      %x.3 : int = prim::If(%even)
        block0():
          %h : int = itest::floordiv(%x.2, %two)
          -> (%h)
        block1():
          %t : int = itest::mul(%x.2, %three)
          %t1 : int = itest::add(%t, %one)
          -> (%t1)
      %s.2 : int = itest::add(%s.1, %one)
      %done : bool = itest::eq(%x.3, %one)
      %more : bool = aten::__not__(%done)
      -> (%more, %x.3, %s.2)
  return (%steps, %x))IR";
  auto g = parseGraph(ir);
  bool haveNot = false;
  for (Node* n : g->nodes()) haveNot |= n->kind() == Symbol::aten("__not__") && n->maybeOperator() != nullptr;
  if (!haveNot) GTEST_SKIP() << "aten::__not__ is not registered";
  Code code(g, "f");
  // A while loop reads its condition only: no trip count, no counter.
  EXPECT_NE(code.toString().find("Loop cond="), std::string::npos) << code;
  Stack s{27};
  InterpreterState(code).run(s);
  EXPECT_EQ(s.at(0).toInt(), 111);
  EXPECT_EQ(s.at(1).toInt(), 1);
  Stack t{1};
  InterpreterState(code).run(t);
  EXPECT_EQ(t.at(0).toInt(), 0);
}

TEST(Interpreter, LoopWithTripCountAndCondition) {
  // for i in range(n): if i * i > limit: break; last = i   -> the SSA form carries a condition
  const char* ir = R"IR(
graph(%n : int, %limit : int):
  %true : bool = prim::Constant[value=1]()
  %m1 : int = prim::Constant[value=-1]()
  %last : int = prim::Loop(%n, %true, %m1)
    block0(%i : int, %prev : int):
      %sq : int = itest::mul(%i, %i)
      %small : bool = itest::lt(%sq, %limit)
      %kept : int = prim::If(%small)
        block0():
          -> (%i)
        block1():
          -> (%prev)
      -> (%small, %kept)
  return (%last))IR";
  EXPECT_EQ(runInt(ir, {100, 50}), 7);  // 7*7 = 49 < 50, 8*8 stops the loop
  EXPECT_EQ(runInt(ir, {5, 50}), 4);    // the trip count ends it first
  EXPECT_EQ(runInt(ir, {0, 50}), -1);
}

TEST(Interpreter, LoopCarriedSwapAndNestedLoops) {
  // a, b = 0, 1; for _ in range(n): a, b = b, a + b   -> fib(n)
  // then: total = sum(j for i in range(a % 5) for j in range(i))
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %one : int = prim::Constant[value=1]()
  %five : int = prim::Constant[value=5]()
  %a : int, %b : int = prim::Loop(%n, %true, %zero, %one)
    block0(%i : int, %a.1 : int, %b.1 : int):
      %s : int = itest::add(%a.1, %b.1)
      -> (%true, %b.1, %s)
  %m : int = itest::rem(%a, %five)
  %total : int = prim::Loop(%m, %true, %zero)
    block0(%i2 : int, %t.1 : int):
      %t.3 : int = prim::Loop(%i2, %true, %t.1)
        block0(%j : int, %t.2 : int):
          %t.4 : int = itest::add(%t.2, %j)
          -> (%true, %t.4)
      -> (%true, %t.3)
  return (%a, %b, %total))IR";
  Stack out = runIR(ir, {10});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].toInt(), 55);
  EXPECT_EQ(out[1].toInt(), 89);
  // 55 % 5 == 0: no iterations
  EXPECT_EQ(out[2].toInt(), 0);
  out = runIR(ir, {9});  // fib(9) = 34, 34 % 5 = 4: sum over i<4 of sum(range(i)) = 0+0+1+3
  EXPECT_EQ(out[0].toInt(), 34);
  EXPECT_EQ(out[2].toInt(), 4);
}

TEST(Interpreter, ListingShowsMovesAndDrops) {
  // %x is last used in one branch only: the other branch drops it.
  const char* ir = R"IR(
graph(%c : bool, %x : Tensor, %y : Tensor):
  %r : Tensor = prim::If(%c)
    block0():
      %t : Tensor = itest::tadd(%x, %y)
      -> (%t)
    block1():
      -> (%y)
  return (%r))IR";
  Code code(parseGraph(ir), "f");
  std::string listing = code.toString();
  EXPECT_NE(listing.find("tadd move(1), move(2)"), std::string::npos) << listing;
  EXPECT_NE(listing.find("Drop 1"), std::string::npos) << listing;
  EXPECT_NE(listing.find("= Ret move("), std::string::npos) << listing;
}

Stack tensorChainInputs(int64_t n) { return {full({n}, 1.0)}; }

TEST(Interpreter, IntermediatesDieAtLastUse) {
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "stats are only meaningful with the caching allocator";
  // y = x; repeated 12 times: y = y + y; y = y * 0.5 (values stay 1.0)
  std::string ir = "graph(%x : Tensor):\n  %half : float = prim::Constant[value=0.5]()\n";
  std::string prev = "%x";
  for (int i = 0; i < 12; ++i) {
    std::string a = "%a" + std::to_string(i), b = "%b" + std::to_string(i);
    ir += "  " + a + " : Tensor = itest::tadd(" + prev + ", " + prev + ")\n";
    ir += "  " + b + " : Tensor = itest::tscale(" + a + ", %half)\n";
    prev = b;
  }
  ir += "  return (" + prev + ")\n";
  const int64_t n = 1 << 20;
  const int64_t bytes = n * 4;
  auto g = parseGraph(ir);
  Code code(g, "f");
  setAllocatorStatsEnabled(true);
  Stack s = tensorChainInputs(n);
  int64_t before = allocatorStats().liveBytes;
  resetPeakAllocatorStats();
  InterpreterState(code).run(s);
  int64_t peak = allocatorStats().peakLiveBytes;
  setAllocatorStatsEnabled(false);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_DOUBLE_EQ(elem(s[0].toTensor(), n - 1), 1.0);
  // The input (owned by the stack until moved in), one operand and one result at most.
  EXPECT_LE(peak - before, 3 * bytes) << "peak " << peak << " before " << before;
}

TEST(Interpreter, ValuesUsedInLoopDieAfterIt) {
  if (!allocatorCachingEnabled()) GTEST_SKIP() << "stats are only meaningful with the caching allocator";
  // acc = x * 0.5; for _ in range(n): acc = acc + w   (w dies when the loop ends)
  const char* ir = R"IR(
graph(%x : Tensor, %w : Tensor, %n : int):
  %true : bool = prim::Constant[value=1]()
  %half : float = prim::Constant[value=0.5]()
  %acc0 : Tensor = itest::tscale(%x, %half)
  %acc : Tensor = prim::Loop(%n, %true, %acc0)
    block0(%i : int, %a.1 : Tensor):
      %a.2 : Tensor = itest::tadd(%a.1, %w)
      -> (%true, %a.2)
  %out : Tensor = itest::tscale(%acc, %half)
  return (%out))IR";
  Code code(parseGraph(ir), "f");
  std::string listing = code.toString();
  EXPECT_NE(listing.find("Drop"), std::string::npos) << listing;
  const int64_t n = 1 << 18;
  Stack s{full({n}, 2.0), full({n}, 1.0), 3};
  InterpreterState(code).run(s);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_DOUBLE_EQ(elem(s[0].toTensor(), 0), 2.0);  // (1 + 3) / 2
}

TEST(Interpreter, ErrorReportShowsTheNodeOfAGraphFromText) {
  // The text PyTorch 1.13 prints for this graph (torch._C.parse_ir + _create_function_from_graph):
  const char* expected =
      "The following operation failed in the TorchScript interpreter.\n"
      "Traceback of TorchScript (most recent call last):\n"
      "graph(%x : int):\n"
      "  %1 : int = prim::Constant[value=0]()\n"
      "  %2 : int = itest::floordiv(%x, %1)\n"
      "             ~~~~~ <--- HERE\n"
      "  return (%2)\n"
      "RuntimeError: division by 0\n";
  const char* ir = R"IR(
graph(%x : int):
  %1 : int = prim::Constant[value=0]()
  %2 : int = itest::floordiv(%x, %1)
  return (%2))IR";
  try {
    runIR(ir, {3});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), expected);
  }
}

TEST(Interpreter, ErrorReportMatchesPyTorchForAtenGraph) {
  // Printed by PyTorch 1.13 for this graph (torch._C.parse_ir, _create_function_from_graph, call with 3).
  const char* expected =
      "The following operation failed in the TorchScript interpreter.\n"
      "Traceback of TorchScript (most recent call last):\n"
      "graph(%x : int):\n"
      "  %1 : int = prim::Constant[value=0]()\n"
      "  %2 : int = aten::floordiv(%x, %1)\n"
      "             ~~~~ <--- HERE\n"
      "  return (%2)\n"
      "RuntimeError: division by 0\n";
  auto g = parseGraph(R"IR(
graph(%x : int):
  %1 : int = prim::Constant[value=0]()
  %2 : int = aten::floordiv(%x, %1)
  return (%2))IR");
  for (Node* n : g->nodes())
    if (n->kind() != prim::Constant && !n->maybeOperator()) GTEST_SKIP() << "aten::floordiv.int is not registered";
  try {
    runCodeOf(g, {3});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), expected);
  }
}

TEST(Interpreter, RaiseKeepsThePythonClass) {
  const char* ir = R"IR(
graph(%x : int):
  %m : str = prim::Constant[value="bad value"]()
  %c : str = prim::Constant[value="builtins.ValueError"]()
  = itest::raise(%m, %c)
  return (%x))IR";
  try {
    runIR(ir, {3});
    FAIL() << "expected an error";
  } catch (const JitException& e) {
    std::string text = e.what();
    EXPECT_EQ(text.rfind("The following operation failed in the TorchScript interpreter.\n", 0), 0u) << text;
    EXPECT_NE(text.find("\nbuiltins.ValueError: bad value\n"), std::string::npos) << text;
    ASSERT_TRUE(e.pythonClassName().has_value());
    EXPECT_EQ(*e.pythonClassName(), "builtins.ValueError");
    EXPECT_EQ(e.originalMessage(), "bad value");
    EXPECT_EQ(e.kind(), ErrorKind::Value);
  }
}

TEST(Interpreter, ErrorsLeaveTheInterpreterReusable) {
  const char* ir = R"IR(
graph(%x : int, %y : int):
  %2 : int = itest::floordiv(%x, %y)
  return (%2))IR";
  Code code(parseGraph(ir), "f");
  Stack bad{7, 0};
  EXPECT_THROW(runCode(code, bad), Error);
  EXPECT_TRUE(bad.empty());
  Stack good{7, 2};
  runCode(code, good);
  EXPECT_EQ(good.at(0).toInt(), 3);
}

TEST(Interpreter, MissingOperatorIsReportedAtEmission) {
  const char* ir = R"IR(
graph(%x : int):
  %2 : int = itest::does_not_exist(%x)
  return (%2))IR";
  auto g = parseGraph(ir);
  try {
    Code code(g, "f");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("itest::does_not_exist"), std::string::npos) << e.what();
  }
}

// ---- calls ----

std::shared_ptr<Graph> callerGraph(GraphFunction& callee) {
  std::unordered_map<std::string, Value*> values;
  auto g = parseGraph(R"IR(
graph(%a : int, %b : int):
  %f : Function = prim::Constant[name="callee"]()
  %r : int = prim::CallFunction(%f, %a, %b)
  %r2 : int = prim::CallFunction(%f, %r, %b)
  return (%r2))IR",
                      IRParseOptions{[&](const std::string& name) -> TypePtr {
                        return name == "Function" ? FunctionType::create(&callee) : nullptr;
                      }},
                      &values);
  values.at("f")->setType(FunctionType::create(&callee));
  return g;
}

TEST(Interpreter, CallFunctionRunsTheCalleeInAFrame) {
  // callee(a, b) = a * b + a; caller = callee(callee(a, b), b)
  auto calleeGraph = parseGraph(R"IR(
graph(%a : int, %b : int):
  %p : int = itest::mul(%a, %b)
  %s : int = itest::add(%p, %a)
  return (%s))IR");
  GraphFunction callee("callee", calleeGraph);
  auto caller = callerGraph(callee);
  Code code(caller, "caller");
  EXPECT_NE(code.toString().find("Call callee"), std::string::npos) << code;
  Stack out = runCodeOf(caller, {3, 4});
  EXPECT_EQ(out.at(0).toInt(), 75);  // callee(3, 4) = 15; callee(15, 4) = 75
}

TEST(Interpreter, TracebackListsEveryFrame) {
  auto calleeGraph = parseGraph(R"IR(
graph(%a : int, %b : int):
  %q : int = itest::floordiv(%a, %b)
  return (%q))IR");
  GraphFunction callee("callee", calleeGraph);
  auto caller = callerGraph(callee);
  try {
    runCodeOf(caller, {3, 0});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    std::string text = e.what();
    size_t call = text.find("prim::CallFunction(%f, %a, %b)");
    size_t inner = text.find("itest::floordiv(%a, %b)");
    EXPECT_NE(call, std::string::npos) << text;
    EXPECT_NE(inner, std::string::npos) << text;
    EXPECT_LT(call, inner) << "most recent call last: " << text;
    EXPECT_NE(text.find("RuntimeError: division by 0\n"), std::string::npos) << text;
  }
}

TEST(Interpreter, CallMethodResolvesOnTheClass) {
  auto cls = ClassType::create("__torch__.Acc");
  cls->addAttribute("k", IntType::get());
  auto methodGraph = parseGraph(R"IR(
graph(%self : __torch__.Acc, %x : int):
  %k : int = prim::GetAttr[name="k"](%self)
  %r : int = itest::mul(%x, %k)
  return (%r))IR",
                                IRParseOptions{[&](const std::string&) -> TypePtr { return cls; }});
  bool haveGetAttr = false;
  for (Node* n : methodGraph->nodes()) haveGetAttr |= n->kind() == prim::GetAttr && n->maybeOperator();
  if (!haveGetAttr) GTEST_SKIP() << "prim::GetAttr is not registered";
  GraphFunction method("__torch__.Acc.scale", methodGraph);
  cls->addMethod(&method);
  auto g = parseGraph(R"IR(
graph(%obj : __torch__.Acc, %x : int):
  %r : int = prim::CallMethod[name="scale"](%obj, %x)
  return (%r))IR",
                      IRParseOptions{[&](const std::string&) -> TypePtr { return cls; }});
  auto obj = ObjectImpl::create(cls);
  obj->setAttr("k", 6);
  Stack out = runCodeOf(g, {IValue(obj), 7});
  EXPECT_EQ(out.at(0).toInt(), 42);
  cls->unsafeRemoveMethod("scale");
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

// The spec's LSTM cell listing ("9 = mm move(0), move(8)", ...): every tensor is moved into
// its last use, so each intermediate dies as soon as it is consumed.
using itest::parseGraph;

TEST(Interpreter, ListingOfTheSpecsLstmCell) {
  const char* ir = R"IR(
graph(%x : Tensor, %hx : Tensor, %cx : Tensor, %w_ih : Tensor, %w_hh : Tensor, %b_ih : Tensor, %b_hh : Tensor):
  %one : int = prim::Constant[value=1]()
  %four : int = prim::Constant[value=4]()
  %8 : Tensor = aten::t(%w_ih)
  %9 : Tensor = aten::mm(%x, %8)
  %10 : Tensor = aten::t(%w_hh)
  %11 : Tensor = aten::mm(%hx, %10)
  %12 : Tensor = aten::add(%9, %11, %one)
  %13 : Tensor = aten::add(%12, %b_ih, %one)
  %gates : Tensor = aten::add(%13, %b_hh, %one)
  %16 : Tensor[] = aten::chunk(%gates, %four, %one)
  %i.1 : Tensor, %f.1 : Tensor, %c.1 : Tensor, %o.1 : Tensor = prim::ListUnpack(%16)
  %i : Tensor = aten::sigmoid(%i.1)
  %f : Tensor = aten::sigmoid(%f.1)
  %c : Tensor = aten::tanh(%c.1)
  %o : Tensor = aten::sigmoid(%o.1)
  %25 : Tensor = aten::mul(%f, %cx)
  %26 : Tensor = aten::mul(%i, %c)
  %cy : Tensor = aten::add(%25, %26, %one)
  %28 : Tensor = aten::tanh(%cy)
  %hy : Tensor = aten::mul(%o, %28)
  %30 : (Tensor, Tensor) = prim::TupleConstruct(%hy, %cy)
  return (%30))IR";
  Code code(parseGraph(ir), "lstm_cell");
  FileCheck()
      .check("0: 0, 1, 2, 3, 4, 5, 6 = Load")
      .check("7 = t move(3)")
      .check("8 = mm move(0), move(7)")
      .check("9 = t move(4)")
      .check("10 = mm move(1), move(9)")
      .check("11 = add move(8), move(10), const(1)")
      .check("15, 16, 17, 18 = ListUnpack move(14)")
      .check("19 = sigmoid move(15)")
      .check("21 = tanh move(17)")
      .check("23 = mul move(20), move(2)")
      .check("25 = add move(23), move(24), const(1)")
      .check("26 = tanh 25")  // cy is read again by TupleConstruct: no move
      .check("27 = mul move(22), move(26)")
      .check("28 = TupleConstruct move(27), move(25)")
      .check("= Ret move(28)")
      .run(code.toString());
}

}  // namespace
}  // namespace ember::jit
