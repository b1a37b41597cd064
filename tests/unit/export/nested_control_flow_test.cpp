// Nested data-dependent control flow in exported programs: a cond inside a cond's branch, a cond
// inside a while loop's body, a while loop inside a branch. Each is captured with its inner
// graphs as submodules of the graph it is in, printed, run on inputs taking every path, saved and
// loaded; run_decompositions rewrites inside those graphs too. Expected values come from running
// the same TorchScript functions with ember's interpreter.
#include <gtest/gtest.h>

#include <cmath>

#include "ember/export/decompositions.h"
#include "ember/export/export.h"
#include "ember/export/serialize.h"
#include "ember/jit.h"
#include "ember/tensor.h"

namespace ember::exporter {
namespace {

using jit::IValue;

const char* kNested = R"SRC(
def cond_in_cond(x: Tensor, w: Tensor) -> Tensor:
    if bool(x.sum() > 0):
        if bool(x.max() > 5):
            y = x * w
        else:
            y = x + w
        y = y + 1
    else:
        y = x - w
    return y * 2

def cond_in_while(x: Tensor, step: Tensor) -> Tensor:
    y = x.clone()
    while bool(y.sum() < 100):
        if bool(y.mean() > 10):
            y = y * 2
        else:
            y = y + step
    return y

def while_in_cond(x: Tensor) -> Tensor:
    if bool(x.sum() > 0):
        y = x.clone()
        while bool(y.sum() < 50):
            y = y * 3
    else:
        y = -x
    return y + 1

def linear_in_cond(x: Tensor, w: Tensor) -> Tensor:
    if bool(x.sum() > 0):
        y = torch.nn.functional.linear(x, w)
    else:
        y = torch.softmax(x, 1)
    return y
)SRC";

void expectSame(const Tensor& got, const Tensor& want, const std::string& what) {
  ASSERT_EQ(got.sizes(), want.sizes()) << what;
  Tensor a = got.contiguous(), b = want.contiguous();
  const float* pa = static_cast<const float*>(a.data_ptr());
  const float* pb = static_cast<const float*>(b.data_ptr());
  for (int64_t i = 0; i < a.numel(); ++i) EXPECT_NEAR(pa[i], pb[i], 1e-5 + 1e-5 * std::abs(pb[i])) << what << " at " << i;
}

const FxGraph& sub(const FxGraph& g, const std::string& name) {
  auto it = g.submodules.find(name);
  EMBER_CHECK(it != g.submodules.end(), "no submodule ", name, " in\n", g.str());
  return *it->second;
}

size_t countTarget(const FxGraph& g, const std::string& target) {
  size_t n = 0;
  for (const auto& node : g.nodes()) n += node->target == target;
  return n;
}

TEST(NestedControlFlow, CondInsideCond) {
  auto cu = jit::compile(kNested);
  jit::Function& fn = cu->getFunction("cond_in_cond");
  Tensor w = full({3}, 2.0);
  ExportOptions o;
  o.dynamic = {{0, 0, Dim{"n", 2, 32}}, {1, 0, Dim{"n", 2, 32}}};
  ExportedProgram ep = exportFunction(fn, {full({3, 3}, 1.0), w.expand({3, 3}).contiguous()}, o);
  // The inner cond's graphs belong to the outer true branch.
  const FxGraph& outerTrue = sub(ep.graph, "true_graph_0");
  EXPECT_EQ(countTarget(outerTrue, "higher_order.cond"), 1u) << ep.graph.str();
  EXPECT_EQ(outerTrue.submodules.size(), 2u);
  EXPECT_TRUE(sub(ep.graph, "false_graph_0").submodules.empty());
  std::string text = ep.graph.str();
  EXPECT_NE(text.find("\n    # true_graph_0\n        graph():\n"), std::string::npos) << text;  // printed nested
  ExportedProgram back = loadFromBytes(saveToBytes(ep));
  EXPECT_EQ(back.graph.str(), text);
  for (int64_t n : {2, 5}) {
    for (float v : {1.0f, 10.0f, -1.0f}) {  // inner false, inner true, outer false
      Tensor x = full({n, 3}, v);
      Tensor wn = full({n, 3}, 2.0);
      Tensor want = fn({x, wn}).toTensor();
      expectSame(ep.module().forward({x, wn}).toTensor(), want, "captured, v=" + std::to_string(v));
      expectSame(back.module().forward({x, wn}).toTensor(), want, "reloaded, v=" + std::to_string(v));
    }
  }
}

TEST(NestedControlFlow, CondInsideWhileBody) {
  auto cu = jit::compile(kNested);
  jit::Function& fn = cu->getFunction("cond_in_while");
  Tensor step = full({2}, 3.0);
  ExportedProgram ep = exportFunction(fn, {ones({2}), step});
  const FxGraph& body = sub(ep.graph, "body_graph_0");
  EXPECT_EQ(countTarget(body, "higher_order.cond"), 1u) << ep.graph.str();
  EXPECT_EQ(body.submodules.size(), 2u);
  ExportedProgram back = loadFromBytes(saveToBytes(ep));
  for (float v : {1.0f, 20.0f, 200.0f}) {  // both branches over the iterations, doubling only, no iteration
    Tensor x = full({2}, v);
    Tensor want = fn({x, step}).toTensor();
    expectSame(ep.module().forward({x, step}).toTensor(), want, "captured, v=" + std::to_string(v));
    expectSame(back.module().forward({x, step}).toTensor(), want, "reloaded, v=" + std::to_string(v));
  }
}

TEST(NestedControlFlow, WhileInsideCond) {
  auto cu = jit::compile(kNested);
  jit::Function& fn = cu->getFunction("while_in_cond");
  // The example takes the false branch: the loop in the other one, traced on data it would never
  // see there, would not end; capture runs only the traced iteration of it.
  ExportedProgram ep = exportFunction(fn, {full({2}, -1.0)});
  const FxGraph& outerTrue = sub(ep.graph, "true_graph_0");
  EXPECT_EQ(countTarget(outerTrue, "higher_order.while_loop"), 1u) << ep.graph.str();
  ExportedProgram back = loadFromBytes(saveToBytes(ep));
  for (float v : {1.0f, 30.0f, -2.0f}) {
    Tensor x = full({2}, v);
    Tensor want = fn({x}).toTensor();
    expectSame(ep.module().forward({x}).toTensor(), want, "captured, v=" + std::to_string(v));
    expectSame(back.module().forward({x}).toTensor(), want, "reloaded, v=" + std::to_string(v));
  }
}

TEST(NestedControlFlow, DecompositionsRewriteBranchGraphs) {
  auto cu = jit::compile(kNested);
  jit::Function& fn = cu->getFunction("linear_in_cond");
  Tensor w = arange(16, kFloat).reshape({4, 4}) / 10;
  ExportedProgram ep = exportFunction(fn, {ones({2, 4}), w});
  EXPECT_EQ(countTarget(sub(ep.graph, "true_graph_0"), "aten.linear.default"), 1u) << ep.graph.str();
  ExportedProgram core = ep.run_decompositions();
  const FxGraph& t = sub(core.graph, "true_graph_0");
  const FxGraph& f = sub(core.graph, "false_graph_0");
  EXPECT_EQ(countTarget(t, "aten.linear.default"), 0u) << core.graph.str();
  EXPECT_EQ(countTarget(t, "aten.mm.default"), 1u) << core.graph.str();
  EXPECT_EQ(countTarget(f, "aten.softmax.int"), 0u) << core.graph.str();
  EXPECT_EQ(countTarget(f, "aten._softmax.default"), 1u) << core.graph.str();
  for (float v : {1.0f, -1.0f}) {
    Tensor x = full({2, 4}, v);
    Tensor want = fn({x, w}).toTensor();
    expectSame(core.module().forward({x, w}).toTensor(), want, "decomposed, v=" + std::to_string(v));
  }
}

}  // namespace
}  // namespace ember::exporter
