// JIT autodiff end to end: a function called with inputs that require grad is split into
// prim::DifferentiableGraph nodes by the profiling executor, its outputs get one
// DifferentiableGraphBackward node, and the gradients are the analytic ones (first and second
// order). The same programs are compared with PyTorch in tests/compat/autodiff.
#include <gtest/gtest.h>

#include <cmath>

#include "ember/api/compilation_unit.h"
#include "ember/ir/ir.h"
#include "ember/runtime/autograd.h"
#include "ember/runtime/grad_mode.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/graph_function.h"
#include "ember/tensor.h"
#include "frontend/compile.h"

namespace ember::jit {
namespace {

struct ProfilingOn {
  bool profiling = getProfilingExecutor();
  ProfilingOn() { setProfilingExecutor(true); }
  ~ProfilingOn() { setProfilingExecutor(profiling); }
};

Tensor vec(std::vector<double> values, bool requiresGrad) {
  Tensor t = ember::empty({static_cast<int64_t>(values.size())}, TensorOptions(ScalarType::Double));
  for (size_t i = 0; i < values.size(); ++i) t.data_ptr<double>()[i] = values[i];
  if (requiresGrad) autograd::setRequiresGrad(t);
  return t;
}

bool hasDifferentiableGraph(const std::shared_ptr<Graph>& g) {
  return g && g->toString(false).find("prim::DifferentiableGraph") != std::string::npos;
}

const char* kSource = R"TS(
def f(x: Tensor, y: Tensor) -> Tensor:
    z = x * y + x.sin()
    return z.tanh()
)TS";

TEST(Autodiff, GroupsDifferentiableNodesAndGivesAnalyticGradients) {
  ProfilingOn on;
  auto cu = compile(kSource);
  Function& f = cu->getFunction("f");
  for (int call = 0; call < 3; ++call) {
    Tensor x = vec({0.1, -0.7, 1.3}, true), y = vec({2.0, 0.5, -1.5}, false);
    Tensor out = f({x, y}).toTensor();
    if (call == 2) {
      EXPECT_TRUE(hasDifferentiableGraph(lastExecutedOptimizedGraph())) << lastExecutedOptimizedGraph()->toString();
      EXPECT_EQ(autograd::gradFnName(out), "DifferentiableGraphBackward");
    }
    std::vector<Tensor> g = autograd::grad({out}, {x}, {ember::ones_like(out)});
    for (int i = 0; i < 3; ++i) {
      double xv = x.data_ptr<double>()[i], yv = y.data_ptr<double>()[i];
      double t = std::tanh(xv * yv + std::sin(xv));
      EXPECT_NEAR(g[0].data_ptr<double>()[i], (1 - t * t) * (yv + std::cos(xv)), 1e-12) << "call " << call;
    }
  }
}

TEST(Autodiff, SecondOrderThroughTheBackwardGraph) {
  ProfilingOn on;
  auto cu = compile("def f(x: Tensor) -> Tensor:\n    return (x * x * x).sin()\n");
  Function& f = cu->getFunction("f");
  for (int call = 0; call < 3; ++call) {
    Tensor x = vec({0.3, -0.4}, true);
    Tensor out = f({x}).toTensor();
    if (call == 2) EXPECT_EQ(autograd::gradFnName(out), "DifferentiableGraphBackward");
    std::vector<Tensor> g = autograd::grad({out}, {x}, {ember::ones_like(out)}, std::nullopt, /*createGraph=*/true);
    std::vector<Tensor> gg = autograd::grad({g[0]}, {x}, {ember::ones_like(g[0])});
    for (int i = 0; i < 2; ++i) {
      double v = x.data_ptr<double>()[i], u = v * v * v;
      // d/dv cos(u) 3v^2 = -sin(u) 9v^4 + cos(u) 6v
      EXPECT_NEAR(g[0].data_ptr<double>()[i], std::cos(u) * 3 * v * v, 1e-12) << "call " << call;
      EXPECT_NEAR(gg[0].data_ptr<double>()[i], -std::sin(u) * 9 * v * v * v * v + std::cos(u) * 6 * v, 1e-12)
          << "call " << call;
    }
  }
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

TEST(Autodiff, GradInsideTheProgram) {
  ProfilingOn on;
  auto cu = compile(
      "def f(x: Tensor, y: Tensor):\n    w = (x * y + x.sin()).tanh()\n    return w, torch.autograd.grad([w.sum()], "
      "[x])\n");
  Function& f = cu->getFunction("f");
  for (int call = 0; call < 3; ++call) {
    Tensor x = vec({0.1, -0.7, 1.3}, true), y = vec({2.0, 0.5, -1.5}, false);
    IValue r = f({x, y});
    Tensor g = r.toTupleRef().elements[1].toListRef().elements[0].toTensor();
    for (int i = 0; i < 3; ++i) {
      double xv = x.data_ptr<double>()[i], yv = y.data_ptr<double>()[i];
      double t = std::tanh(xv * yv + std::sin(xv));
      EXPECT_NEAR(g.data_ptr<double>()[i], (1 - t * t) * (yv + std::cos(xv)), 1e-12) << "call " << call;
    }
  }
}

}  // namespace
}  // namespace ember::jit

#include "ember/ir/file_check.h"
#include "ember/ir/ir_parser.h"
#include "passes/create_autodiff_subgraphs.h"
#include "passes/pass_registry.h"
#include "runtime/autodiff/differentiate.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> parse(const char* text) {
  auto g = std::make_shared<Graph>();
  parseIR(text, *g);
  return g;
}

// What PyTorch 1.13's torch._C._jit_pass_create_autodiff_subgraphs(g, 2) prints for the same IR:
// the run before the in-place add_ is one group; tanh alone stays below the threshold.
TEST(CreateAutodiffSubgraphs, GroupsRunsStopsAtMutationAndKeepsSmallRunsInline) {
  auto g = parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %y)
  %b : Tensor = aten::sin(%a)
  %c : Tensor = aten::add(%b, %x, %one)
  %d : Tensor = aten::add_(%c, %y, %one)
  %e : Tensor = aten::tanh(%d)
  return (%e))IR");
  runPass("create_autodiff_subgraphs", g);
  g->lint();
  FileCheck()
      .check("prim::DifferentiableGraph_0(%x, %y)")
      .checkNext("aten::add_(")
      .checkNext("aten::tanh(")
      .check("with prim::DifferentiableGraph_0 = graph(%x : Tensor,")
      .check("aten::mul(%x, %y)")
      .checkNext("aten::sin(")
      .check("prim::Constant[value=1]()")
      .checkNext("aten::add(")
      .checkNot("aten::add_")
      .checkNot("aten::tanh")
      .run(g->toString(false));
}

TEST(CreateAutodiffSubgraphs, ThresholdIsSettable) {
  const char* text = R"IR(
graph(%x : Tensor):
  %a : Tensor = aten::sin(%x)
  %b : Tensor = aten::cos(%a)
  return (%b))IR";
  auto g = parse(text);
  EXPECT_FALSE(createAutodiffSubgraphs(g, 3));
  FileCheck().checkNot("DifferentiableGraph").run(g->toString(false));
  EXPECT_TRUE(createAutodiffSubgraphs(g, 2));
  FileCheck().check("prim::DifferentiableGraph_0(%x)").run(g->toString(false));
}

TEST(CreateAutodiffSubgraphs, ListArgumentsJoinAndNonDifferentiableOpsSplit) {
  auto g = parse(R"IR(
graph(%x : Tensor, %n : int):
  %a : Tensor = aten::exp(%x)
  %s : int[] = prim::ListConstruct(%n)
  %v : Tensor = aten::view(%a, %s)
  %i : Tensor = aten::argmax(%v, %n, %n)
  %w : Tensor = aten::relu(%v)
  return (%w, %i))IR");
  // argmax is not differentiable: it ends the group; relu alone stays inline.
  ASSERT_TRUE(createAutodiffSubgraphs(g, 2));
  g->lint();
  FileCheck()
      .check("prim::DifferentiableGraph_0(%x, %n)")
      .checkNext("aten::argmax")
      .checkNext("aten::relu")
      .check("aten::exp")
      .checkNext("prim::ListConstruct")
      .checkNext("aten::view")
      .run(g->toString(false));
}

// With viewsStayOutside (the executor's choice for graphs that write tensors in place) a view
// op ends the run: the view is made by eager recording, which tracks it, so a write into it
// rebases the base's history (PyTorch's CopySlices). compat.autograd's 034/037/038 programs
// gave wrong gradients when select/view ran inside a group.
TEST(CreateAutodiffSubgraphs, ViewsStayOutsideWhenAsked) {
  const char* text = R"IR(
graph(%x : Tensor, %n : int):
  %a : Tensor = aten::exp(%x)
  %b : Tensor = aten::sin(%a)
  %v : Tensor = aten::select(%b, %n, %n)
  %c : Tensor = aten::cos(%v)
  %d : Tensor = aten::tanh(%c)
  return (%d))IR";
  auto g = parse(text);
  ASSERT_TRUE(createAutodiffSubgraphs(g, 2, /*viewsStayOutside=*/true));
  g->lint();
  FileCheck()
      .check("prim::DifferentiableGraph_0(%x)")
      .checkNext("aten::select")
      .checkNext("prim::DifferentiableGraph_1(")
      .run(g->toString(false));
  auto whole = parse(text);
  ASSERT_TRUE(createAutodiffSubgraphs(whole, 2, /*viewsStayOutside=*/false));
  FileCheck().check("prim::DifferentiableGraph_0(%x, %n)").checkNot("prim::DifferentiableGraph_1").run(whole->toString(false));
}

// The backward graph computes only the gradients of inputs that may require grad, and f keeps
// what df reads (PyTorch's attribute names on the node).
TEST(Differentiate, OnlyInputsThatRequireGradGetGradients) {
  auto g = parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %a : Tensor = aten::mul(%x, %y)
  %b : Tensor = aten::sin(%a)
  return (%b))IR");
  g->inputs()[0]->setType(TensorType::get()->withRequiresGrad(true));
  g->inputs()[1]->setType(TensorType::get()->withRequiresGrad(false));
  Gradient grad = differentiate(g);
  EXPECT_EQ(grad.fRealOutputs, 1);
  EXPECT_EQ(grad.dfOutputVjps, std::vector<int64_t>({0}));
  // The output's gradient, and the temporary x * y's (None unless double backward reaches it).
  EXPECT_EQ(grad.dfInputVjps, std::vector<int64_t>({0, 1}));
  EXPECT_EQ(grad.df->outputs().size(), 1u);
  // d sin(x*y)/dx = cos(x*y) * y: df reads y and x*y; of x only its sizes (mul's formula sums
  // the gradient to them), which f computes, so x itself is not kept.
  EXPECT_EQ(grad.dfInputCapturedInputs, std::vector<int64_t>({1}));
  FileCheck().check("aten::cos").check("aten::mul").run(grad.df->toString(false));
  FileCheck().check("aten::mul").check("aten::sin").check("return (%").run(grad.f->toString(false));
  EXPECT_FALSE(grad.dfInputCapturedOutputs.empty());
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

// Inputs that flip requires_grad between calls fail the guard and run the fallback (eager
// recording) or another specialisation; outputs require grad exactly when an input does; under
// no_grad the differentiable graph records nothing.
TEST(Autodiff, RequiresGradFlipsFailTheGuard) {
  ProfilingOn on;
  auto cu = compile(kSource);
  Function& f = cu->getFunction("f");
  auto* gf = dynamic_cast<GraphFunction*>(&f);
  ASSERT_NE(gf, nullptr);
  const bool pattern[] = {true, true, true, false, true, false, false, true};
  for (size_t call = 0; call < sizeof(pattern); ++call) {
    Tensor x = vec({0.4, -1.1, 0.9}, pattern[call]), y = vec({1.5, -0.5, 0.25}, false);
    Tensor out = f({x, y}).toTensor();
    EXPECT_EQ(out.requires_grad(), pattern[call]) << "call " << call;
    for (int i = 0; i < 3; ++i) {
      double xv = x.data_ptr<double>()[i], yv = y.data_ptr<double>()[i];
      EXPECT_NEAR(out.data_ptr<double>()[i], std::tanh(xv * yv + std::sin(xv)), 1e-12);
    }
    if (!pattern[call]) continue;
    std::vector<Tensor> g = autograd::grad({out}, {x}, {ember::ones_like(out)});
    for (int i = 0; i < 3; ++i) {
      double xv = x.data_ptr<double>()[i], yv = y.data_ptr<double>()[i];
      double t = std::tanh(xv * yv + std::sin(xv));
      EXPECT_NEAR(g[0].data_ptr<double>()[i], (1 - t * t) * (yv + std::cos(xv)), 1e-12) << "call " << call;
    }
  }
  EXPECT_GE(gf->getExecutor().debugState().bailouts, 3);
  {
    NoGradGuard noGrad;
    Tensor x = vec({0.4, -1.1, 0.9}, true), y = vec({1.5, -0.5, 0.25}, false);
    EXPECT_FALSE(f({x, y}).toTensor().requires_grad());
  }
}

// The saved values are released after backward, and a second backward raises PyTorch's error;
// with retain_graph it runs again.
TEST(Autodiff, SavedValuesAreReleasedAfterBackward) {
  ProfilingOn on;
  auto cu = compile(kSource);
  Function& f = cu->getFunction("f");
  for (int call = 0; call < 2; ++call) f({vec({0.5}, true), vec({2.0}, false)});
  Tensor x = vec({0.5}, true), y = vec({2.0}, false);
  Tensor out = f({x, y}).toTensor();
  ASSERT_EQ(autograd::gradFnName(out), "DifferentiableGraphBackward");
  autograd::grad({out}, {x}, {ember::ones_like(out)}, /*retainGraph=*/true);
  autograd::grad({out}, {x}, {ember::ones_like(out)});
  try {
    autograd::grad({out}, {x}, {ember::ones_like(out)});
    FAIL() << "backward through released saved values succeeded";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Trying to backward through the graph a second time"), std::string::npos);
  }
}

}  // namespace
}  // namespace ember::jit

#include "runtime/code.h"
#include "runtime/interpreter.h"

namespace ember::jit {
namespace {

// PyTorch's requires_grad-only guard, as it prints it.
TEST(RequiresGradCheck, ComparesOnlyRequiresGrad) {
  auto g = parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %a : Tensor, %b : Tensor, %ok : bool = prim::RequiresGradCheck[types=[Tensor(requires_grad=1), Tensor(requires_grad=0)]](%x, %y)
  return (%ok))IR");
  Code code(g, "check");
  auto run = [&](bool rx, bool ry) {
    Stack s{IValue(vec({1.0, 2.0}, rx)), IValue(vec({3.0}, ry))};
    runCode(code, s);
    return s.back().toBool();
  };
  EXPECT_TRUE(run(true, false));
  EXPECT_FALSE(run(false, false));
  EXPECT_FALSE(run(true, true));
}

}  // namespace
}  // namespace ember::jit

#include "ember/jit.h"

namespace ember::jit {
namespace {

// A module's parameters reach the graph through prim::GetAttr, not as guarded inputs: their
// profiled requires_grad is what turns JIT autodiff on.
TEST(Autodiff, ModuleParametersThatRequireGrad) {
  ProfilingOn on;
  Module m = compileModule(R"SRC(
class Scale(Module):
  __parameters__ = ["weight", ]
  weight : Tensor
  training : bool
  def forward(self, x: Tensor) -> Tensor:
    return torch.tanh(x * self.weight).sin()
)SRC",
                           "Scale");
  Tensor w = vec({0.5, -1.5, 2.0}, true);
  m.setattr("weight", w);
  m.setattr("training", true);
  for (int call = 0; call < 3; ++call) {
    Tensor x = vec({0.3, 0.7, -0.2}, false);
    Tensor out = m.forward({x}).toTensor();
    if (call == 2) EXPECT_EQ(autograd::gradFnName(out), "DifferentiableGraphBackward");
    std::vector<Tensor> g = autograd::grad({out}, {w}, {ember::ones_like(out)});
    for (int i = 0; i < 3; ++i) {
      double xv = x.data_ptr<double>()[i], wv = w.data_ptr<double>()[i], t = std::tanh(xv * wv);
      EXPECT_NEAR(g[0].data_ptr<double>()[i], std::cos(t) * (1 - t * t) * xv, 1e-12) << "call " << call;
    }
  }
}

}  // namespace
}  // namespace ember::jit

#include <atomic>
#include <thread>

namespace ember::jit {
namespace {

// One module whose parameter requires grad, forward and backward from 4 threads at once while
// the executor profiles and specialises: every gradient is the analytic one.
TEST(Autodiff, ModuleFromManyThreads) {
  ProfilingOn on;
  Module m = compileModule(R"SRC(
class Scale(Module):
  __parameters__ = ["weight", ]
  weight : Tensor
  training : bool
  def forward(self, x: Tensor) -> Tensor:
    return torch.tanh(x * self.weight).sin()
)SRC",
                           "Scale");
  Tensor w = vec({0.5, -1.5, 2.0}, true);
  m.setattr("weight", w);
  m.setattr("training", true);
  std::atomic<int> wrong{0}, failed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 40; ++i) {
        try {
          double k = 0.1 * ((t + i) % 7) - 0.3;
          Tensor x = vec({k, 0.7 - k, -0.2 + k}, false);
          Tensor out = m.forward({x}).toTensor();
          std::vector<Tensor> g = autograd::grad({out}, {w}, {ember::ones_like(out)});
          for (int j = 0; j < 3; ++j) {
            double xv = x.data_ptr<double>()[j], wv = w.data_ptr<double>()[j], th = std::tanh(xv * wv);
            if (std::abs(g[0].data_ptr<double>()[j] - std::cos(th) * (1 - th * th) * xv) > 1e-12) ++wrong;
          }
        } catch (const std::exception&) {
          ++failed;
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(failed.load(), 0);
}

}  // namespace
}  // namespace ember::jit

#include <functional>

#include "ember/core/symbols.h"

namespace ember::jit {
namespace {

// Tensor-list ops inside a DifferentiableGraph: cat and stack with their prim::ListConstruct in
// the group; the gradient list is unpacked onto the elements in the backward graph.
TEST(Autodiff, CatAndStackOfListsJoinTheGroup) {
  ProfilingOn on;
  auto cu = compile(
      "def f(x: Tensor, y: Tensor) -> Tensor:\n    a = torch.cat([x * y, y.sin()], 0)\n"
      "    b = torch.stack([x, y * 2.0], 1)\n    return a.pow(2.0).sum() + b.tanh().sum()\n");
  Function& f = cu->getFunction("f");
  for (int call = 0; call < 3; ++call) {
    Tensor x = vec({0.1, -0.7, 1.3}, true), y = vec({2.0, 0.5, -1.5}, true);
    Tensor out = f({x, y}).toTensor();
    if (call == 2) {
      std::shared_ptr<Graph> graph = lastExecutedOptimizedGraph();
      // The list ops (and their lists) are inside a subgraph, none in the outer graph (its
      // guarded branch; the fallback graph is left out).
      bool inside = false;
      std::function<void(Block*)> walk = [&](Block* b) {
        for (Node* n : b->nodes()) {
          EXPECT_NE(n->kind(), aten::cat) << graph->toString();
          EXPECT_NE(n->kind(), aten::stack) << graph->toString();
          EXPECT_NE(n->kind(), prim::ListConstruct) << graph->toString();
          if (n->kind() == prim::DifferentiableGraph)
            for (Node* m : n->g(attr::Subgraph)->nodes()) inside = inside || m->kind() == aten::cat;
          for (Block* inner : n->blocks()) walk(inner);
        }
      };
      walk(graph->block());
      EXPECT_TRUE(inside) << graph->toString();
      EXPECT_EQ(autograd::gradFnName(out), "DifferentiableGraphBackward");
    }
    std::vector<Tensor> g = autograd::grad({out}, {x, y}, {ember::ones_like(out)});
    for (int i = 0; i < 3; ++i) {
      double xv = x.data_ptr<double>()[i], yv = y.data_ptr<double>()[i];
      double tx = std::tanh(xv), ty = std::tanh(2 * yv);
      EXPECT_NEAR(g[0].data_ptr<double>()[i], 2 * xv * yv * yv + (1 - tx * tx), 1e-12) << "call " << call;
      EXPECT_NEAR(g[1].data_ptr<double>()[i],
                  2 * xv * yv * xv + 2 * std::sin(yv) * std::cos(yv) + 2 * (1 - ty * ty), 1e-12)
          << "call " << call;
    }
  }
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

// A tensor-list result unpacked into names (unbind, split) joins the group with its
// prim::ListUnpack; the formula gets the elements' gradients as a list (zeros for unused ones).
TEST(Autodiff, UnbindAndSplitUnpackedInTheGroup) {
  ProfilingOn on;
  auto cu = compile(
      "def f(x: Tensor, y: Tensor) -> Tensor:\n    a, b, c = (x * y).unbind(0)\n"
      "    p, q = (y.sin() * 2.0).split([1, 2], 0)\n    return a * b.exp() + p.sum() * x[0] + q.pow(2.0).sum()\n");
  Function& f = cu->getFunction("f");
  for (int call = 0; call < 3; ++call) {
    Tensor x = vec({0.1, -0.7, 1.3}, true), y = vec({2.0, 0.5, -1.5}, true);
    Tensor out = f({x, y}).toTensor();
    if (call == 2) {
      std::shared_ptr<Graph> graph = lastExecutedOptimizedGraph();
      bool unbindInside = false, splitInside = false;
      std::function<void(Block*)> walk = [&](Block* b) {
        for (Node* n : b->nodes()) {
          EXPECT_NE(n->kind(), prim::ListUnpack) << graph->toString();
          if (n->kind() == prim::DifferentiableGraph)
            for (Node* m : n->g(attr::Subgraph)->nodes()) {
              unbindInside = unbindInside || m->kind() == Symbol::fromQualString("aten::unbind");
              splitInside = splitInside || m->kind() == Symbol::fromQualString("aten::split");
            }
          for (Block* inner : n->blocks()) walk(inner);
        }
      };
      walk(graph->block());
      EXPECT_TRUE(unbindInside && splitInside) << graph->toString();
    }
    std::vector<Tensor> g = autograd::grad({out}, {x, y}, {ember::ones_like(out)});
    const double* xv = x.data_ptr<double>();
    const double* yv = y.data_ptr<double>();
    // out = x0 y0 e^{x1 y1} + 2 sin(y0) x0 + 4 (sin^2 y1 + sin^2 y2)
    const double e = std::exp(xv[1] * yv[1]);
    EXPECT_NEAR(g[0].data_ptr<double>()[0], yv[0] * e + 2 * std::sin(yv[0]), 1e-12) << "call " << call;
    EXPECT_NEAR(g[0].data_ptr<double>()[1], xv[0] * yv[0] * e * yv[1], 1e-12) << "call " << call;
    EXPECT_NEAR(g[0].data_ptr<double>()[2], 0.0, 1e-12) << "call " << call;
    EXPECT_NEAR(g[1].data_ptr<double>()[0], xv[0] * e + 2 * std::cos(yv[0]) * xv[0], 1e-12) << "call " << call;
    EXPECT_NEAR(g[1].data_ptr<double>()[1], xv[0] * yv[0] * e * xv[1] + 8 * std::sin(yv[1]) * std::cos(yv[1]), 1e-12)
        << "call " << call;
    EXPECT_NEAR(g[1].data_ptr<double>()[2], 8 * std::sin(yv[2]) * std::cos(yv[2]), 1e-12) << "call " << call;
  }
}

}  // namespace
}  // namespace ember::jit
