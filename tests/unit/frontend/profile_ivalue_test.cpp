// prim::profile_ivalue: int, bool and int[] inputs that tensor operators read are profiled; the
// specialised plan (STATIC) reads the value every profiled run passed as a constant, behind a
// guard that compares it, and a call with another value bails out to the right answer.
#include <gtest/gtest.h>

#include <cmath>

#include "ember/api/compilation_unit.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/graph_function.h"
#include "ember/tensor.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

const char* kSource = R"TS(
def f(x: Tensor, shape: List[int], n: int):
    return x.view(shape).sin().sum(len(shape) - 1) * n
)TS";

Tensor arange6() {
  Tensor t = ember::empty({2, 3}, TensorOptions(ScalarType::Double));
  for (int i = 0; i < 6; ++i) t.data_ptr<double>()[i] = 0.25 * i;
  return t;
}

TEST(ProfileIValue, SpecialisesOnTheSeenListAndBailsOutOnAnother) {
  bool profiling = getProfilingExecutor();
  setProfilingExecutor(true);
  auto cu = compile(kSource);
  auto& f = dynamic_cast<GraphFunction&>(cu->getFunction("f"));
  for (int call = 0; call < 3; ++call) {
    Tensor r = f({arange6(), makeIntList({3, 2}), int64_t{2}}).toTensor();
    ASSERT_EQ(r.sizes(), IntArrayRef({3}));
    for (int i = 0; i < 3; ++i)
      EXPECT_NEAR(r.data_ptr<double>()[i], 2 * (std::sin(0.5 * i) + std::sin(0.5 * i + 0.25)), 1e-12);
  }
  std::shared_ptr<Graph> g = f.getExecutor().debugState().optimizedGraph;
  ASSERT_NE(g, nullptr);
  // The list and the int are compared in the guard, and the body sums over the folded dim 1.
  FileCheck()
      .check("prim::Constant[value=[3, 2]]()")
      .check("aten::eq(%shape")
      .check("aten::eq(%n")
      .check("prim::If")
      .check("prim::Constant[value=[1]]()")
      .check("aten::sum(")
      .run(g->toString(false));
  int64_t bailouts = f.getExecutor().debugState().bailouts;
  Tensor r = f({arange6(), makeIntList({6}), int64_t{3}}).toTensor();
  ASSERT_EQ(r.dim(), 0);
  double expected = 0;
  for (int i = 0; i < 6; ++i) expected += std::sin(0.25 * i);
  EXPECT_NEAR(r.item<double>(), 3 * expected, 1e-12);
  EXPECT_EQ(f.getExecutor().debugState().bailouts, bailouts + 1);
  setProfilingExecutor(profiling);
}

}  // namespace
}  // namespace ember::jit
