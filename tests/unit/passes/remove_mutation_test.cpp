#include "passes/remove_mutation.h"

#include <gtest/gtest.h>

#include "alias_pass_cases.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

TEST(RemoveMutation, MatchesPyTorch) {
  testing::runAliasPassCases("remove_mutation", [](std::shared_ptr<Graph>& g) { removeMutation(g); });
}

std::shared_ptr<Graph> parse(const char* ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  return g;
}

const char* const kBoth = R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::add_(%y, %x, %one)
  %l : Tensor[] = prim::ListConstruct(%x)
  %a : Tensor[] = aten::append(%l, %x)
  return (%l, %w)
)IR";

TEST(RemoveMutation, EntryPointsRewriteTheirKindOnly) {
  auto g = parse(kBoth);
  EXPECT_TRUE(removeListMutation(g));
  FileCheck().check("aten::add_").checkNot("aten::append").run(g->toString());
  EXPECT_FALSE(removeListMutation(g));

  g = parse(kBoth);
  EXPECT_TRUE(removeTensorMutation(g));
  FileCheck().checkNot("aten::add_").check("aten::add(").check("aten::append").run(g->toString());
}

TEST(RemoveMutation, FilterChoosesNodes) {
  auto g = parse(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %b : Tensor = aten::relu_(%y)
  %a : Tensor = aten::add_(%y, %x, %one)
  return (%y)
)IR");
  EXPECT_TRUE(removeTensorMutation(g, [](Node* n) { return n->kind() == Symbol::aten("relu_"); }));
  FileCheck().check("aten::relu(").check("aten::add_").run(g->toString());
  g->lint();
}

TEST(RemoveMutation, NothingToDo) {
  auto g = parse(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %w : Tensor = aten::add_(%x, %x, %one)
  return (%w)
)IR");
  EXPECT_FALSE(removeMutation(g));
}

}  // namespace
}  // namespace ember::jit
