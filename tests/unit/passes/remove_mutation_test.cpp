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

namespace ember::jit {
namespace {

void checkAfterRemoveMutation(const char* ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  removeMutation(g);
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
}

TEST(RemoveMutation, InPlaceOnAFreshValueBecomesFunctional) {
  checkAfterRemoveMutation(R"IR(
graph(%x : Tensor):
  # CHECK: %y : Tensor = aten::mul(%x, %x)
  # CHECK-NEXT: = aten::add(%y, %x, %one)
  # CHECK-NEXT: = aten::mul(%
  # CHECK-NOT: aten::add_
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::mul(%x, %x)
  %w : Tensor = aten::add_(%y, %x, %one)
  %z : Tensor = aten::mul(%y, %w)
  return (%z)
)IR");
}

TEST(RemoveMutation, AppendsFoldIntoTheListConstruct) {
  checkAfterRemoveMutation(R"IR(
graph(%a : int, %b : int):
  # CHECK: prim::ListConstruct(%b, %a, %a)
  # CHECK-NOT: aten::append
  # CHECK-NOT: aten::insert
  %zero : int = prim::Constant[value=0]()
  %l : int[] = prim::ListConstruct(%a)
  %m : int[] = aten::append(%l, %a)
  aten::insert(%l, %zero, %b)
  return (%l)
)IR");
}

TEST(RemoveMutation, MutationOfAGraphInputOrAViewStays) {
  checkAfterRemoveMutation(R"IR(
graph(%x : Tensor, %size : int[]):
  # CHECK: aten::add_(%x
  # CHECK: aten::view
  # CHECK: aten::relu_
  %one : int = prim::Constant[value=1]()
  %w : Tensor = aten::add_(%x, %x, %one)
  %y : Tensor = aten::mul(%x, %x)
  %v : Tensor = aten::view(%y, %size)
  %r : Tensor = aten::relu_(%v)
  return (%w, %y)
)IR");
}

}  // namespace
}  // namespace ember::jit
