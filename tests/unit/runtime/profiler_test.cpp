// OpProfiler: the interpreter's per-operator timing, on and off, with and without shapes.
#include <gtest/gtest.h>

#include <algorithm>

#include "ember/runtime/graph_function.h"
#include "ember/runtime/profiler.h"
#include "ember/tensor.h"
#include "unit/runtime/interpreter_test_ops.h"

namespace ember::jit {
namespace {

const OpProfileEntry* find(const std::vector<OpProfileEntry>& entries, const std::string& name,
                           const std::string& shapes = "") {
  auto it = std::find_if(entries.begin(), entries.end(),
                         [&](const OpProfileEntry& e) { return e.name == name && e.shapes == shapes; });
  return it == entries.end() ? nullptr : &*it;
}

struct ProfilerTest : ::testing::Test {
  void SetUp() override { OpProfiler::reset(); }
  void TearDown() override {
    OpProfiler::disable();
    OpProfiler::reset();
  }
};

TEST_F(ProfilerTest, CountsCallsPerOperatorOnlyWhileOn) {
  GraphFunction f("f", itest::parseGraph(R"IR(
graph(%x.1 : Tensor, %n : int):
  %true : bool = prim::Constant[value=1]()
  %two : float = prim::Constant[value=2.]()
  %x : Tensor = prim::Loop(%n, %true, %x.1)
    block0(%i : int, %x.2 : Tensor):
      %x.3 : Tensor = aten::mul(%x.2, %two)
      -> (%true, %x.3)
  %r : Tensor = aten::relu(%x)
  return (%r))IR"));
  f({ones({4}), 3});  // compiled and run before profiling: nothing recorded
  EXPECT_TRUE(OpProfiler::entries().empty());
  OpProfiler::enable();
  f({ones({4}), 3});
  f({ones({4}), 2});
  OpProfiler::disable();
  f({ones({4}), 7});
  auto entries = OpProfiler::entries();
  const OpProfileEntry* mul = find(entries, "aten::mul");
  const OpProfileEntry* relu = find(entries, "aten::relu");
  ASSERT_NE(mul, nullptr);
  ASSERT_NE(relu, nullptr);
  EXPECT_EQ(mul->calls, 5);
  EXPECT_EQ(relu->calls, 2);
  EXPECT_GT(mul->seconds, 0);
  std::string table = OpProfiler::table();
  EXPECT_NE(table.find("aten::mul"), std::string::npos) << table;
  EXPECT_NE(table.find("total time in operators"), std::string::npos) << table;
}

TEST_F(ProfilerTest, ShapesSplitRows) {
  GraphFunction f("f", itest::parseGraph(R"IR(
graph(%x : Tensor, %y : Tensor):
  %alpha : int = prim::Constant[value=2]()
  %r : Tensor = aten::add(%x, %y, %alpha)
  return (%r))IR"));
  OpProfiler::enable(/*recordShapes=*/true);
  f({ones({2, 3}), ones({3})});
  f({ones({2, 3}), ones({3})});
  f({ones({5}), ones({5})});
  auto entries = OpProfiler::entries();
  const OpProfileEntry* a = find(entries, "aten::add", "[2, 3], [3], []");
  const OpProfileEntry* b = find(entries, "aten::add", "[5], [5], []");
  ASSERT_NE(a, nullptr) << OpProfiler::table();
  ASSERT_NE(b, nullptr) << OpProfiler::table();
  EXPECT_EQ(a->calls, 2);
  EXPECT_EQ(b->calls, 1);
}

}  // namespace
}  // namespace ember::jit
