// The symbolic-expression engine: canonical sums and products, exact division, folding of
// comparisons by ranges, evaluation with Python's integer division, printing.
#include "ember/export/sym_expr.h"

#include <gtest/gtest.h>

#include "ember/error.h"

namespace ember::exporter {
namespace {

const SymExpr s0 = SymExpr::symbol("s0");
const SymExpr s1 = SymExpr::symbol("s1");

TEST(SymExpr, SumsCollectLikeTermsAndFoldConstants) {
  EXPECT_EQ((s0 * 3 + 2 - s0).str(), "2*s0 + 2");
  EXPECT_EQ((s0 + s1 - s0).str(), "s1");
  EXPECT_TRUE((s0 + 1 - (s0 + 1)).isConst());
  EXPECT_EQ((s0 + 1 - (1 + s0)).constValue(), 0);
  EXPECT_EQ((SymExpr(0) - s0).str(), "-s0");
  EXPECT_EQ((s1 - s0).str(), "-s0 + s1");
}

TEST(SymExpr, ProductsAreSortedAndDistributeConstants) {
  EXPECT_TRUE((s0 * s1).sameAs(s1 * s0));
  EXPECT_EQ((SymExpr(2) * (s0 + 1)).str(), "2*s0 + 2");
  EXPECT_EQ((s0 * s1 * 4).str(), "4*s0*s1");
  EXPECT_EQ(((s0 + 1) * s1).str(), "(s0 + 1)*s1");
}

TEST(SymExpr, DivisionAndModuloFoldWhenExact) {
  EXPECT_EQ(SymExpr::floorDiv(s0 * 4 + 8, 4).str(), "s0 + 2");
  EXPECT_EQ(SymExpr::floorDiv(s0 * 12 * s1, s0 * 3).str(), "4*s1");
  EXPECT_EQ(SymExpr::floorDiv(s0 + 1, 2).str(), "(s0 + 1)//2");
  EXPECT_EQ(SymExpr::mod(s0 * 6, 3).constValue(), 0);
  EXPECT_EQ(SymExpr::mod(s0, 3).str(), "Mod(s0, 3)");
  EXPECT_EQ(SymExpr::floorDiv(-7, 2).constValue(), -4);  // Python's floor division
  EXPECT_EQ(SymExpr::mod(-7, 3).constValue(), 2);
  EXPECT_THROW(SymExpr::floorDiv(s0, 0), Error);
}

TEST(SymExpr, EvaluateBindsSymbols) {
  SymValues v{{"s0", 5}, {"s1", 3}};
  EXPECT_EQ((s0 * s1 + 2).evaluate(v), 17);
  EXPECT_EQ(SymExpr::floorDiv(s0 - 12, 4).evaluate(v), -2);
  EXPECT_EQ(SymExpr::eq(s0, 5).evaluate(v), 1);
  EXPECT_THROW(SymExpr::symbol("t").evaluate(v), Error);
}

TEST(SymExpr, RangesDecideComparisons) {
  SymRanges r{{"s0", {2, 64}}, {"s1", {2, 8}}};
  EXPECT_EQ(SymExpr::eq(s0, 1).decide(r), std::optional<bool>(false));
  EXPECT_EQ(SymExpr::lt(s0, 100).decide(r), std::optional<bool>(true));
  EXPECT_EQ(SymExpr::lt(s0, 10).decide(r), std::nullopt);
  EXPECT_EQ(SymExpr::compare(SymOp::Ge, s0 * s1, 4).decide(r), std::optional<bool>(true));
  EXPECT_EQ(SymExpr::eq(SymExpr::mod(s0, 4), 7).decide(r), std::optional<bool>(false));
  // Constant operands fold at construction.
  EXPECT_TRUE(SymExpr::eq(s0 + 1, 1 + s0).isConst());
}

TEST(SymExpr, LogicAndNegation) {
  SymExpr c = SymExpr::lt(s0, 4);
  EXPECT_EQ(SymExpr::logicalNot(c).str(), "s0 >= 4");
  EXPECT_EQ(SymExpr::logicalAnd(SymExpr::boolConstant(true), c).str(), c.str());
  EXPECT_EQ(SymExpr::logicalOr(SymExpr::boolConstant(true), c).constValue(), 1);
  EXPECT_EQ(SymExpr::eq(s0, 4).str(), "Eq(s0, 4)");
}

TEST(SymExpr, FreeSymbols) {
  EXPECT_EQ((s1 * s0 + SymExpr::floorDiv(s0, 2)).freeSymbols(), (std::vector<std::string>{"s0", "s1"}));
}

}  // namespace
}  // namespace ember::exporter
