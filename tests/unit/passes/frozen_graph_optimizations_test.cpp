// The frozen-graph passes on small graphs: what folds, what must not, and the shape of the
// result (PyTorch's own frozen graphs are compared in tests/compat/freeze).
#include "passes/frozen_graph_optimizations.h"

#include <gtest/gtest.h>

#include <map>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "ember/tensor.h"
#include "passes/fold_frozen_batch_norm.h"
#include "passes/fold_frozen_conv_arithmetic.h"
#include "passes/frozen_linear_transpose.h"
#include "passes/peephole_alias_sensitive.h"
#include "passes/remove_dropout.h"

namespace ember::jit {
namespace {

// Parses `ir` and turns the graph inputs named in `constants` into prim::Constant tensors (IR
// text cannot spell tensor values), as freezing leaves parameters.
std::shared_ptr<Graph> frozenGraph(const std::string& ir, const std::map<std::string, Tensor>& constants) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  for (size_t i = g->inputs().size(); i-- > 0;) {
    Value* in = g->inputs()[i];
    auto it = constants.find(in->debugName());
    if (it == constants.end()) continue;
    WithInsertPoint guard(g->block()->nodes().front());
    Value* c = g->insertConstant(IValue(it->second));
    c->setDebugName(in->debugName() + "_const");
    in->replaceAllUsesWith(c);
    g->eraseInput(i);
  }
  g->lint();
  return g;
}

Tensor rnd(std::vector<int64_t> shape) { return rand(shape); }

const char* kConvBn = R"IR(
graph(%x : Tensor, %w : Tensor, %b : Tensor, %g : Tensor, %beta : Tensor, %m : Tensor, %v : Tensor):
  %one : int = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %false : bool = prim::Constant[value=0]()
  %mom : float = prim::Constant[value=0.1]()
  %eps : float = prim::Constant[value=1e-05]()
  %s : int[] = prim::ListConstruct(%one, %one)
  %p : int[] = prim::ListConstruct(%zero, %zero)
  %y : Tensor = aten::conv2d(%x, %w, %b, %s, %p, %s, %one)
  %z : Tensor = aten::batch_norm(%y, %g, %beta, %m, %v, %false, %mom, %eps, %false)
  return (%z)
)IR";

std::map<std::string, Tensor> convBnWeights() {
  return {{"w", rnd({4, 3, 3, 3})}, {"b", rnd({4})}, {"g", rnd({4})}, {"beta", rnd({4})},
          {"m", rnd({4})}, {"v", add(rnd({4}), Scalar(0.5))}};
}

TEST(FrozenGraph, ConvBatchNormFolds) {
  auto g = frozenGraph(kConvBn, convBnWeights());
  EXPECT_TRUE(foldFrozenConvBatchNorm(g));
  g->lint();
  FileCheck().checkNot("aten::batch_norm").check("_fused_bn").check("aten::conv2d(%x").run(g->toString());
  EXPECT_FALSE(foldFrozenConvBatchNorm(g));
}

TEST(FrozenGraph, ConvBatchNormStaysWhenTheConvOutputIsReadTwice) {
  std::string ir = kConvBn;
  ir.replace(ir.find("return (%z)"), 11, "return (%z, %y)");
  auto g = frozenGraph(ir, convBnWeights());
  EXPECT_FALSE(foldFrozenConvBatchNorm(g));
  FileCheck().check("aten::batch_norm").run(g->toString());
}

TEST(FrozenGraph, ConvBatchNormStaysWithRuntimeStatistics) {
  std::map<std::string, Tensor> weights = convBnWeights();
  weights.erase("v");  // the running variance stays a graph input
  auto g = frozenGraph(kConvBn, weights);
  EXPECT_FALSE(foldFrozenConvBatchNorm(g));
}

TEST(FrozenGraph, ConvAddAndMulFoldPerChannel) {
  auto g = frozenGraph(R"IR(
graph(%x : Tensor, %w : Tensor, %k : Tensor, %wide : Tensor):
  %one : int = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %none : NoneType = prim::Constant()
  %two : float = prim::Constant[value=2.]()
  %s : int[] = prim::ListConstruct(%one, %one)
  %p : int[] = prim::ListConstruct(%zero, %zero)
  %y : Tensor = aten::conv2d(%x, %w, %none, %s, %p, %s, %one)
  %a : Tensor = aten::add(%y, %k, %one)
  %m : Tensor = aten::mul(%a, %two)
  %y2 : Tensor = aten::conv2d(%x, %w, %none, %s, %p, %s, %one)
  %n : Tensor = aten::mul(%y2, %wide)
  return (%m, %n)
)IR",
                       {{"w", rnd({4, 3, 3, 3})}, {"k", rnd({1, 4, 1, 1})}, {"wide", rnd({1, 4, 2, 1})}});
  EXPECT_TRUE(optimizeFrozenGraph(g));
  g->lint();
  std::string out = g->toString();
  // The first convolution absorbed the add and the mul; the second keeps its non-per-channel mul.
  FileCheck().checkCount("aten::conv2d", 2, /*exactly=*/true).checkNot("aten::add").run(out);
  FileCheck().checkCount("aten::mul(", 1, /*exactly=*/true).run(out);
  FileCheck().check("aten::mul(%y2").run(out);
}

TEST(FrozenGraph, ConvMulByWiderDtypeStays) {
  auto g = frozenGraph(R"IR(
graph(%x : Tensor, %w : Tensor, %k : Tensor):
  %one : int = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %none : NoneType = prim::Constant()
  %s : int[] = prim::ListConstruct(%one, %one)
  %p : int[] = prim::ListConstruct(%zero, %zero)
  %y : Tensor = aten::conv2d(%x, %w, %none, %s, %p, %s, %one)
  %m : Tensor = aten::mul(%y, %k)
  return (%m)
)IR",
                       {{"w", rnd({4, 3, 3, 3})}, {"k", rnd({1, 4, 1, 1}).to(kDouble)}});
  EXPECT_FALSE(foldFrozenConvMulOrDiv(g));
}

TEST(FrozenGraph, EvalDropoutGoes) {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph(%x : Tensor, %train : bool):
  %p : float = prim::Constant[value=0.5]()
  %false : bool = prim::Constant[value=0]()
  %true : bool = prim::Constant[value=1]()
  %a : Tensor = aten::dropout(%x, %p, %false)
  %b : Tensor = aten::feature_dropout_(%a, %p, %false)
  %c : Tensor = aten::dropout(%b, %p, %true)
  %d : Tensor = aten::dropout(%c, %p, %train)
  %e : Tensor = aten::alpha_dropout(%d, %p, %false)
  return (%e)
)IR",
          *g);
  EXPECT_TRUE(removeDropout(g));
  FileCheck()
      .check("aten::dropout(%x, %p, %true)")
      .check("aten::dropout(%c, %p, %train)")
      .check("aten::alpha_dropout")
      .run(g->toString());
  FileCheck().checkCount("dropout", 3, /*exactly=*/true).run(g->toString());
}

TEST(FrozenGraph, LinearIsPreTransposed) {
  auto g = frozenGraph(R"IR(
graph(%x : Tensor, %w : Tensor, %b : Tensor, %w2 : Tensor):
  %none : NoneType = prim::Constant()
  %y : Tensor = aten::linear(%x, %w, %b)
  %z : Tensor = aten::linear(%y, %w2, %none)
  return (%z)
)IR",
                       {{"w", rnd({5, 3})}, {"b", rnd({5})}, {"w2", rnd({2, 5})}});
  EXPECT_TRUE(frozenLinearTranspose(g));
  g->lint();
  std::string out = g->toString();
  FileCheck().check("Float(3, 5").check("aten::matmul(%x").check("aten::add(").check("aten::matmul(").run(out);
  FileCheck().checkNot("aten::linear").run(out);
  FileCheck().checkCount("aten::add", 1, /*exactly=*/true).run(out);
}

TEST(FrozenGraph, DimOfConvolutionIsItsRank) {
  auto g = frozenGraph(R"IR(
graph(%x : Tensor, %w : Tensor):
  %one : int = prim::Constant[value=1]()
  %zero : int = prim::Constant[value=0]()
  %none : NoneType = prim::Constant()
  %s : int[] = prim::ListConstruct(%one, %one)
  %p : int[] = prim::ListConstruct(%zero, %zero)
  %y : Tensor = aten::conv2d(%x, %w, %none, %s, %p, %s, %one)
  %d : int = aten::dim(%y)
  %y2 : Tensor = aten::conv2d(%x, %w, %none, %s, %p, %s, %one)
  %r : Tensor = aten::add_(%y2, %one, %one)
  %d2 : int = aten::dim(%y2)
  return (%d, %d2, %r)
)IR",
                       {{"w", rnd({4, 3, 3, 3})}});
  EXPECT_TRUE(peepholeOptimizeAliasSensitive(g));
  std::string out = g->toString();
  // The first dim is 4; the second convolution's output is written in place, so its dim stays.
  FileCheck().check("int = prim::Constant[value=4]").check("aten::dim(%y2)").run(out);
  FileCheck().checkCount("aten::dim", 1, /*exactly=*/true).run(out);
}

}  // namespace
}  // namespace ember::jit
