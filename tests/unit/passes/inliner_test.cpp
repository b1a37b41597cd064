#include "passes/inliner.h"

#include <gtest/gtest.h>

#include "ember/core/function.h"
#include "ember/core/function_schema.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "pass_cases.h"

namespace ember::jit {
namespace {

// A graph function as the inliner sees one: a name and a graph (never run here).
class FakeGraphFunction : public Function {
 public:
  FakeGraphFunction(std::string name, std::shared_ptr<Graph> graph) : name_(std::move(name)), graph_(std::move(graph)) {}
  const std::string& name() const override { return name_; }
  const std::string& qualname() const override { return name_; }
  const FunctionSchema& getSchema() const override { throw Error("no schema"); }
  void run(Stack&) override { throw Error("not runnable"); }
  bool isGraphFunction() const override { return true; }
  std::shared_ptr<Graph> graph() const override { return graph_; }

 private:
  std::string name_;
  std::shared_ptr<Graph> graph_;
};

// The IR parser has no spelling for function types: tests parse them as Tensor and set the type.
std::shared_ptr<Graph> parse(const char* text, std::unordered_map<std::string, Value*>* vals = nullptr) {
  auto g = std::make_shared<Graph>();
  parseIR(text, *g, {}, vals);
  return g;
}

// Expected: PyTorch's _jit_pass_inline on
//   def g(x: int): return x + 1
//   def f(y: int): return g(y) * g(2)
// leaves the function constant, and inlines both calls in place.
TEST(Inliner, InlinesCallFunction) {
  FakeGraphFunction g("g", parse(R"IR(
graph(%x.1 : int):
  %2 : int = prim::Constant[value=1]()
  %3 : int = aten::add(%x.1, %2)
  return (%3)
)IR"));
  std::unordered_map<std::string, Value*> vals;
  auto f = parse(R"IR(
graph(%y.1 : int):
  %2 : Tensor = prim::Constant[name="g"]()
  %4 : int = prim::Constant[value=2]()
  %3 : int = prim::CallFunction(%2, %y.1)
  %6 : int = prim::CallFunction(%2, %4)
  %7 : int = aten::mul(%3, %6)
  return (%7)
)IR",
                 &vals);
  vals.at("2")->setType(FunctionType::create(&g));
  inlineCalls(*f);
  f->lint();
  std::string expected = R"IR(graph(%y.1 : int):
  %2 : Function = prim::Constant[name="g"]()
  %4 : int = prim::Constant[value=2]()
  %17 : int = prim::Constant[value=1]()
  %18 : int = aten::add(%y.1, %17)
  %19 : int = prim::Constant[value=1]()
  %20 : int = aten::add(%4, %19)
  %7 : int = aten::mul(%18, %20)
  return (%7)
)IR";
  EXPECT_EQ(testing::normalizeGraphText(f->toString()), testing::normalizeGraphText(expected));
}

TEST(Inliner, InlinesNestedCallsInsideBlocksAndMethods) {
  FakeGraphFunction inner("inner", parse(R"IR(
graph(%a : int):
  %r : int = aten::neg(%a)
  return (%r)
)IR"));
  std::unordered_map<std::string, Value*> outerVals;
  auto outerGraph = parse(R"IR(
graph(%self : Tensor, %b : int):
  %fn : Tensor = prim::Constant[name="inner"]()
  %r : int = prim::CallFunction(%fn, %b)
  return (%r)
)IR",
                          &outerVals);
  outerVals.at("fn")->setType(FunctionType::create(&inner));
  FakeGraphFunction method("forward", outerGraph);
  auto cls = ClassType::create("__torch__.M");
  outerVals.at("self")->setType(cls);
  cls->addMethod(&method);

  std::unordered_map<std::string, Value*> vals;
  auto g = parse(R"IR(
graph(%m : Tensor, %c : bool, %x : int):
  %r : int = prim::If(%c)
    block0():
      %y : int = prim::CallMethod[name="forward"](%m, %x)
      -> (%y)
    block1():
      -> (%x)
  return (%r)
)IR",
                 &vals);
  vals.at("m")->setType(cls);
  inlineCalls(*g);
  g->lint();
  FileCheck().check("prim::If").check("block0").check("aten::neg(%x)").checkNot("prim::Call").run(g->toString());
}

TEST(Inliner, LeavesUnknownMethodsAlone) {
  auto cls = ClassType::create("__torch__.N");
  std::unordered_map<std::string, Value*> vals;
  auto g = parse(R"IR(
graph(%m : Tensor, %x : int):
  %y : int = prim::CallMethod[name="missing"](%m, %x)
  return (%y)
)IR",
                 &vals);
  vals.at("m")->setType(cls);
  inlineCalls(*g);
  FileCheck().check("prim::CallMethod").run(g->toString());
}

}  // namespace
}  // namespace ember::jit
