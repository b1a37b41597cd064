// prim::fork / aten::wait: forked subgraphs run on the inter-op pool and return a Future; wait
// suspends an asynchronous interpreter instead of blocking its pool thread.
#include <gtest/gtest.h>

#include <future>
#include <thread>

#include "ember/core/stack.h"
#include "ember/core/symbols.h"
#include "ember/runtime/graph_function.h"
#include "runtime/code.h"
#include "runtime/interop_pool.h"
#include "runtime/interpreter.h"
#include "unit/runtime/interpreter_test_ops.h"

namespace ember::jit {
namespace {

using itest::parseGraph;
using itest::runIR;

// Runs `fn` on its own thread and gives up after a generous limit, so that a deadlock fails the
// test instead of hanging the suite (the thread is left behind in that case).
template <typename F>
bool finishesWithoutDeadlock(F fn) {
  auto done = std::make_shared<std::promise<void>>();
  std::future<void> f = done->get_future();
  std::thread([fn, done]() mutable {
    try {
      fn();
      done->set_value();
    } catch (...) {
      done->set_exception(std::current_exception());
    }
  }).detach();
  if (f.wait_for(std::chrono::seconds(120)) != std::future_status::ready) return false;
  f.get();
  return true;
}

TEST(ForkWait, ForkedSubgraphResult) {
  // fut = fork(lambda x: x * x + 1, x); y = x + 10; return wait(fut) + y
  const char* ir = R"IR(
graph(%x : int):
  %ten : int = prim::Constant[value=10]()
  %fut : Future[int] = prim::fork_0(%x)
  %y : int = itest::add(%x, %ten)
  %v : int = aten::wait(%fut)
  %r : int = itest::add(%v, %y)
  return (%r)
with prim::fork_0 = graph(%a : int):
  %one : int = prim::Constant[value=1]()
  %sq : int = itest::mul(%a, %a)
  %s : int = itest::add(%sq, %one)
  return (%s))IR";
  Stack out = runIR(ir, {6});
  EXPECT_EQ(out.at(0).toInt(), 37 + 16);
}

TEST(ForkWait, ManyForksAllComplete) {
  // futs = [fork(sleep_add1, i, 20) for i in (1, 2, 3, 4)]; return sum(wait(f) for f in futs)
  const char* ir = R"IR(
graph(%a : int, %b : int, %c : int, %d : int):
  %f1 : Future[int] = prim::fork_0(%a)
  %f2 : Future[int] = prim::fork_1(%b)
  %f3 : Future[int] = prim::fork_2(%c)
  %f4 : Future[int] = prim::fork_3(%d)
  %v1 : int = aten::wait(%f1)
  %v2 : int = aten::wait(%f2)
  %v3 : int = aten::wait(%f3)
  %v4 : int = aten::wait(%f4)
  %s1 : int = itest::add(%v1, %v2)
  %s2 : int = itest::add(%v3, %v4)
  %s : int = itest::add(%s1, %s2)
  return (%s)
with prim::fork_0 = graph(%x : int):
  %ms : int = prim::Constant[value=20]()
  %r : int = itest::sleep_add1(%x, %ms)
  return (%r)
with prim::fork_1 = graph(%x : int):
  %ms : int = prim::Constant[value=20]()
  %r : int = itest::sleep_add1(%x, %ms)
  return (%r)
with prim::fork_2 = graph(%x : int):
  %ms : int = prim::Constant[value=20]()
  %r : int = itest::sleep_add1(%x, %ms)
  return (%r)
with prim::fork_3 = graph(%x : int):
  %ms : int = prim::Constant[value=20]()
  %r : int = itest::sleep_add1(%x, %ms)
  return (%r))IR";
  Stack out = runIR(ir, {1, 2, 3, 4});
  EXPECT_EQ(out.at(0).toInt(), 14);
}

// A chain of forks, each waiting for the one it forked: with waits that blocked pool threads,
// a chain longer than the pool would deadlock. Level k: wait(fork(level k-1, x)) + 1.
std::shared_ptr<Graph> nestedForkGraph(int depth) {
  std::shared_ptr<Graph> sub = parseGraph(R"IR(
graph(%x : int):
  %ms : int = prim::Constant[value=5]()
  %r : int = itest::sleep_add1(%x, %ms)
  return (%r))IR");
  for (int i = 0; i < depth; ++i) {
    auto g = std::make_shared<Graph>();
    Value* x = g->addInput("x");
    x->setType(IntType::get());
    Node* fork = g->appendNode(g->create(prim::fork, {x}, 1));
    fork->output()->setType(FutureType::create(IntType::get()));
    fork->g_(attr::Subgraph, sub);
    Node* wait = g->appendNode(g->create(aten::wait, {fork->output()}, 1));
    wait->output()->setType(IntType::get());
    Value* one = g->insertConstant(IValue(int64_t{1}));
    Node* add = g->appendNode(g->create(Symbol::fromQualString("itest::add"), {wait->output(), one}, 1));
    add->output()->setType(IntType::get());
    g->registerOutput(add->output());
    sub = g;
  }
  return sub;
}

TEST(ForkWait, WaitSuspendsInsteadOfBlockingPoolThreads) {
  const int depth = static_cast<int>(getNumInterOpThreads()) + 4;
  std::shared_ptr<Graph> g = nestedForkGraph(depth);
  int64_t result = -1;
  ASSERT_TRUE(finishesWithoutDeadlock([&] {
    Stack s{100};
    Code code(g, "f");
    InterpreterState(code).run(s);
    result = s.at(0).toInt();
  })) << "deadlock: wait blocked the pool's threads";
  EXPECT_EQ(result, 100 + 1 + depth);
}

TEST(ForkWait, AsyncRunSuspendsAndResumes) {
  // The top-level run is asynchronous too: its future completes after the fork's.
  const char* ir = R"IR(
graph(%x : int):
  %ms : int = prim::Constant[value=30]()
  %fut : Future[int] = prim::fork_0(%x, %ms)
  %v : int = aten::wait(%fut)
  %two : int = prim::Constant[value=2]()
  %r : int = itest::mul(%v, %two)
  return (%r)
with prim::fork_0 = graph(%a : int, %ms : int):
  %s : int = itest::sleep_add1(%a, %ms)
  return (%s))IR";
  Code code(parseGraph(ir), "f");
  InterpreterState state(code);
  Stack s{20};
  IntrusivePtr<FutureImpl> fut = state.runAsync(s);
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(fut->wait().toInt(), 42);
}

TEST(ForkWait, ErrorInForkReachesTheWaiter) {
  // PyTorch reports the fork's own traceback inside the waiter's:
  //   RuntimeError: The following operation failed in the TorchScript interpreter. ...
  //   RuntimeError: division by 0
  const char* ir = R"IR(
graph(%x : int):
  %fut : Future[int] = prim::fork_0(%x)
  %v : int = aten::wait(%fut)
  return (%v)
with prim::fork_0 = graph(%a : int):
  %ten : int = prim::Constant[value=10]()
  %q : int = itest::floordiv(%ten, %a)
  return (%q))IR";
  EXPECT_EQ(runIR(ir, {3}).at(0).toInt(), 3);
  try {
    runIR(ir, {0});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    std::string text = e.what();
    const std::string head = "The following operation failed in the TorchScript interpreter.\n";
    EXPECT_EQ(text.rfind(head, 0), 0u) << text;
    size_t nested = text.find("RuntimeError: " + head);
    EXPECT_NE(nested, std::string::npos) << text;
    EXPECT_NE(text.find("aten::wait(%fut)"), std::string::npos) << text;
    EXPECT_NE(text.find("itest::floordiv(%ten, %a)", nested), std::string::npos) << text;
    EXPECT_NE(text.find("RuntimeError: division by 0\n\n"), std::string::npos) << text;
  }
}

TEST(ForkWait, ConcurrentRunsOfOneCode) {
  const char* ir = R"IR(
graph(%x : int):
  %fut : Future[int] = prim::fork_0(%x)
  %v : int = aten::wait(%fut)
  %r : int = itest::add(%v, %x)
  return (%r)
with prim::fork_0 = graph(%a : int):
  %sq : int = itest::mul(%a, %a)
  return (%sq))IR";
  Code code(parseGraph(ir), "f");
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        int64_t x = t * 1000 + i;
        Stack s{x};
        runCode(code, s);
        if (s.at(0).toInt() != x * x + x) ++wrong;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
}  // namespace ember::jit
