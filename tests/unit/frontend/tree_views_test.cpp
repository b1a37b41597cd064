#include "frontend/tree_views.h"

#include <gtest/gtest.h>

#include <cmath>

#include "frontend/parser.h"

namespace ember::jit {
namespace {

Expr parseExpr(const std::string& text) {
  Parser parser(text);
  Expr e = parser.parseExp();
  return e;
}

TEST(TreeViews, BuildAndPrintLikeTorchScript) {
  auto src = std::make_shared<Source>("z.sigmoid() - (x + y)");
  SourceRange r(src, 0, src->text().size());
  auto var = [&](const char* name) { return Var::create(r, Ident::create(r, name)); };
  Expr sum = BinOp::create(r, '+', var("x"), var("y"));
  Expr call = Apply::create(r, Select::create(r, var("z"), Ident::create(r, "sigmoid")), List<Expr>::create(r, {}),
                            List<Attribute>::create(r, {}));
  Expr diff = BinOp::create(r, '-', call, sum);
  // The example tree of the spec's "Tree" section.
  EXPECT_EQ(treeToFlatString(diff.tree()),
            "(- (apply (. (variable (ident z)) (ident sigmoid)) (list) (list)) "
            "(+ (variable (ident x)) (variable (ident y))))");
  // The parser builds the same tree from the text.
  EXPECT_EQ(treeToFlatString(parseExpr(src->text()).tree()), treeToFlatString(diff.tree()));
  // Multi-line form: subtrees that do not fit in 40 columns go on their own lines.
  EXPECT_EQ(treeToString(diff.tree()),
            "(-\n"
            "  (apply\n"
            "    (.\n"
            "      (variable (ident z))\n"
            "      (ident sigmoid))\n"
            "    (list)\n"
            "    (list))\n"
            "  (+\n"
            "    (variable (ident x))\n"
            "    (variable (ident y))))\n");
}

TEST(TreeViews, ApplyAccessors) {
  Apply apply(parseExpr("torch.add(a, b, alpha=2)").tree());
  EXPECT_EQ(Select(apply.callee().tree()).selector().name(), "add");
  EXPECT_EQ(Var(Select(apply.callee().tree()).value().tree()).name().name(), "torch");
  ASSERT_EQ(apply.inputs().size(), 2u);
  EXPECT_EQ(Var(apply.inputs()[1].tree()).name().name(), "b");
  ASSERT_EQ(apply.attributes().size(), 1u);
  Attribute alpha = apply.attributes()[0];
  EXPECT_EQ(alpha.name().name(), "alpha");
  EXPECT_EQ(Const(alpha.value().tree()).asIntegral(), 2);
  size_t n = 0;
  for (Expr e : apply.inputs()) n += e.kind() == TK_VAR;
  EXPECT_EQ(n, 2u);
}

TEST(TreeViews, SubscriptAndSlices) {
  Subscript sub(parseExpr("x[1:, ::2, None]").tree());
  List<Expr> items = sub.subscriptExprs();
  ASSERT_EQ(items.size(), 3u);
  SliceExpr first(items[0].tree());
  EXPECT_TRUE(first.start().present());
  EXPECT_FALSE(first.end().present());
  EXPECT_FALSE(first.step().present());
  SliceExpr second(items[1].tree());
  EXPECT_FALSE(second.start().present());
  EXPECT_EQ(Const(second.step().get().tree()).asIntegral(), 2);
  EXPECT_EQ(items[2].kind(), TK_NONE);
}

TEST(TreeViews, ConstNumbers) {
  auto constant = [](const std::string& text) { return Const(parseExpr(text).tree()); };
  EXPECT_TRUE(constant("3").isIntegral());
  EXPECT_EQ(constant("3").asIntegral(), 3);
  EXPECT_EQ(constant("-3").asIntegral(), -3);
  EXPECT_EQ(constant("-0x10").asIntegral(), -16);
  EXPECT_EQ(constant("-9223372036854775808").asIntegral(), INT64_MIN);
  EXPECT_EQ(constant("0x1F").asIntegral(), 31);
  EXPECT_EQ(constant("0o17").asIntegral(), 15);
  EXPECT_EQ(constant("0b101").asIntegral(), 5);
  EXPECT_EQ(constant("1_000").asIntegral(), 1000);
  EXPECT_EQ(constant("9223372036854775807").asIntegral(), INT64_MAX);
  EXPECT_THROW(constant("9223372036854775808").asIntegral(), ErrorReport);
  EXPECT_TRUE(constant("1.").isFloatingPoint());
  EXPECT_DOUBLE_EQ(constant("1.").asFloatingPoint(), 1.0);
  EXPECT_DOUBLE_EQ(constant("2.5e-3").asFloatingPoint(), 0.0025);
  EXPECT_DOUBLE_EQ(constant("1e3").asFloatingPoint(), 1000.0);
  EXPECT_DOUBLE_EQ(constant(".5").asFloatingPoint(), 0.5);
  EXPECT_DOUBLE_EQ(constant("-0.25").asFloatingPoint(), -0.25);
  EXPECT_TRUE(std::isinf(constant("1e999").asFloatingPoint()));
  EXPECT_FALSE(constant("0x1e").isFloatingPoint());  // hex digits, not an exponent
  EXPECT_TRUE(constant("2j").isComplex());
  EXPECT_DOUBLE_EQ(constant("1.5j").asImaginary(), 1.5);
  EXPECT_FALSE(constant("1.5j").isFloatingPoint());
}

TEST(TreeViews, StringLiteralConcatenation) {
  StringLiteral s(parseExpr("'a' \"b\" '''c'''").tree());
  EXPECT_EQ(s.text(), "abc");
  EXPECT_EQ(s.range().text(), "'a' \"b\" '''c'''");
}

TEST(TreeViews, ComprehensionsAndLiterals) {
  ListComp lc(parseExpr("[x * 2 for x in xs]").tree());
  EXPECT_EQ(lc.elt().kind(), '*');
  EXPECT_EQ(Var(lc.target().tree()).name().name(), "x");
  EXPECT_EQ(Var(lc.iter().tree()).name().name(), "xs");
  DictComp dc(parseExpr("{k: v for k in d}").tree());
  EXPECT_EQ(Var(dc.value().tree()).name().name(), "v");
  DictLiteral dl(parseExpr("{1: 'a', 2: 'b'}").tree());
  EXPECT_EQ(dl.keyInputs().size(), 2u);
  EXPECT_EQ(StringLiteral(dl.valueInputs()[1].tree()).text(), "b");
  TupleLiteral tl(parseExpr("(1,)").tree());
  EXPECT_EQ(tl.inputs().size(), 1u);
  ListLiteral ll(parseExpr("[]").tree());
  EXPECT_TRUE(ll.inputs().empty());
  TernaryIf t(parseExpr("a if c else b").tree());
  EXPECT_EQ(Var(t.cond().tree()).name().name(), "c");
  EXPECT_EQ(Var(t.trueExpr().tree()).name().name(), "a");
  EXPECT_EQ(Var(t.falseExpr().tree()).name().name(), "b");
  UnaryOp neg(parseExpr("-x").tree());
  EXPECT_EQ(neg.kind(), TK_UNARY_MINUS);
  Starred star(parseExpr("*x").tree());
  EXPECT_EQ(star.expr().kind(), TK_VAR);
}

TEST(TreeViews, StatementViews) {
  Def def = parseDef(
      "def f(self, x: int, *, y: float = 1.0) -> int:\n"
      "  a, b = x, 2\n"
      "  a += 1\n"
      "  for i in range(3):\n    continue\n"
      "  while a:\n    break\n"
      "  with g() as h, k:\n    pass\n"
      "  assert a, 'msg'\n"
      "  del a\n"
      "  raise Exception('x')\n"
      "  if a:\n    pass\n  else:\n    return a\n"
      "  global q\n"
      "  a\n",
      /*isMethod=*/true);
  EXPECT_EQ(def.name().name(), "f");
  List<Param> params = def.decl().params();
  ASSERT_EQ(params.size(), 3u);
  EXPECT_FALSE(params[0].type().present());
  EXPECT_FALSE(params[1].kwargOnly());
  EXPECT_TRUE(params[2].kwargOnly());
  EXPECT_DOUBLE_EQ(Const(params[2].defaultValue().get().tree()).asFloatingPoint(), 1.0);
  EXPECT_EQ(Var(def.decl().returnType().get().tree()).name().name(), "int");

  List<Stmt> body = def.statements();
  ASSERT_EQ(body.size(), 11u);
  Assign assign(body[0].tree());
  EXPECT_EQ(assign.lhs().kind(), TK_TUPLE_LITERAL);
  EXPECT_EQ(TupleLiteral(assign.rhs().get().tree()).inputs().size(), 2u);
  EXPECT_FALSE(assign.type().present());
  AugAssign aug(body[1].tree());
  EXPECT_EQ(aug.augOp(), '+');
  For loop(body[2].tree());
  EXPECT_EQ(loop.targets().size(), 1u);
  EXPECT_EQ(loop.body()[0].kind(), TK_CONTINUE);
  EXPECT_EQ(While(body[3].tree()).body()[0].kind(), TK_BREAK);
  With with(body[4].tree());
  ASSERT_EQ(with.targets().size(), 2u);
  EXPECT_EQ(with.targets()[0].var().get().name().name(), "h");
  EXPECT_FALSE(with.targets()[1].var().present());
  Assert check(body[5].tree());
  EXPECT_EQ(StringLiteral(check.msg().get().tree()).text(), "msg");
  EXPECT_EQ(Delete(body[6].tree()).targets().size(), 1u);
  EXPECT_EQ(Raise(body[7].tree()).expr().kind(), TK_APPLY);
  If branch(body[8].tree());
  EXPECT_EQ(branch.trueBranch()[0].kind(), TK_PASS);
  EXPECT_EQ(Return(branch.falseBranch()[0].tree()).expr().kind(), TK_VAR);
  EXPECT_EQ(Global(body[9].tree()).names()[0].name(), "q");
  EXPECT_EQ(ExprStmt(body[10].tree()).expr().kind(), TK_VAR);
}

TEST(TreeViews, WrongKindIsAnInternalError) {
  Expr e = parseExpr("x");
  EXPECT_THROW(Apply(e.tree()), Error);
  EXPECT_THROW(Stmt(e.tree()), Error);
  EXPECT_THROW(e.tree()->stringValue(), Error);
}

TEST(TreeViews, DefRewriting) {
  Def def = parseDef("def f(x):\n  return x\n");
  Def renamed = def.withName("g");
  EXPECT_EQ(renamed.name().name(), "g");
  EXPECT_EQ(def.name().name(), "f");  // trees are immutable
  EXPECT_EQ(treeToFlatString(renamed.statements().tree()), treeToFlatString(def.statements().tree()));
}

}  // namespace
}  // namespace ember::jit
