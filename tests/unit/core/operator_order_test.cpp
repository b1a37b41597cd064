// Overload order (operator_order.h): a registry holds each name's overloads in the order PyTorch
// 1.13 tries them, whatever order they were registered in; and the matching rules that go with
// it (aten::view.dtype never chosen for a call, `input=` naming an aten operator's self).
#include "core/operator_order.h"

#include <gtest/gtest.h>

#include "ember/core/operator.h"
#include "ember/core/schema_matching.h"
#include "ember/core/symbols.h"

namespace ember::jit {
namespace {

void noop(Stack&) {}

std::vector<std::string> overloadNames(const OperatorRegistry& reg, Symbol name) {
  std::vector<std::string> out;
  for (const auto& op : reg.getAllOperatorsFor(name)) out.push_back(op->schema().overloadName());
  return out;
}

TEST(OperatorOrder, RanksArePyTorchs) {
  // torch._C._jit_get_schemas_for_operator("aten::max") lists other, "", dim, ... in 1.13.
  EXPECT_EQ(pytorchOverloadRank({"aten::max", "other"}), 0u);
  EXPECT_EQ(pytorchOverloadRank({"aten::max", ""}), 1u);
  EXPECT_EQ(pytorchOverloadRank({"aten::max", "dim"}), 2u);
  EXPECT_EQ(pytorchOverloadRank({"aten::view", ""}), 0u);
  EXPECT_EQ(pytorchOverloadRank({"aten::view", "dtype"}), 1u);
  EXPECT_FALSE(pytorchOverloadRank({"aten::max", "no_such_overload"}));
  EXPECT_FALSE(pytorchOverloadRank({"ember::private_op", ""}));
}

TEST(OperatorOrder, RegistrySortsByPyTorchsOrderThenRegistration) {
  OperatorRegistry reg;
  reg.registerOperator(Operator("aten::max.extra_b(Tensor self, str s) -> Tensor", noop));
  reg.registerOperator(Operator("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, "
                                "Tensor indices)",
                                noop));
  reg.registerOperator(Operator("aten::max.extra_a(Tensor self, bool b) -> Tensor", noop));
  reg.registerOperator(Operator("aten::max(Tensor self) -> Tensor", noop));
  reg.registerOperator(Operator("aten::max.other(Tensor self, Tensor other) -> Tensor", noop));
  EXPECT_EQ(overloadNames(reg, aten::max), (std::vector<std::string>{"other", "", "dim", "extra_b", "extra_a"}));
  EXPECT_TRUE(reg.deregisterOperator({"aten::max", ""}));
  EXPECT_EQ(overloadNames(reg, aten::max), (std::vector<std::string>{"other", "dim", "extra_b", "extra_a"}));
}

CallArgument arg(TypePtr t) { return CallArgument{std::move(t), "", false}; }

TEST(OperatorOrder, ViewDtypeIsNeverChosenForACall) {
  OperatorRegistry reg;
  reg.registerOperator(Operator("aten::view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)", noop));
  reg.registerOperator(Operator("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)", noop));
  // x.view(-1): an int fits view.dtype exactly, but PyTorch packs it into view's size list.
  auto m = matchOperator(reg, aten::view, {arg(IntType::get())}, {}, CallArgument{TensorType::get(), "", false});
  EXPECT_EQ(m.op->schema().overloadName(), "");
  EXPECT_EQ(m.match.inputs[1].kind, ArgumentSource::Kind::PackedList);
  // Alone, view.dtype cannot be called either.
  reg.deregisterOperator({"aten::view", ""});
  EXPECT_THROW(matchOperator(reg, aten::view, {arg(IntType::get())}, {}, CallArgument{TensorType::get(), "", false}),
               Error);
}

TEST(OperatorOrder, InputKeywordNamesAtenSelf) {
  OperatorRegistry reg;
  reg.registerOperator(Operator("aten::sum(Tensor self, *, ScalarType? dtype=None) -> Tensor", noop));
  reg.registerOperator(Operator("ember_test::sum(Tensor self) -> Tensor", noop));
  auto m = matchOperator(reg, aten::sum, {}, {CallArgument{TensorType::get(), "input", false}});
  EXPECT_EQ(m.match.inputs[0].kind, ArgumentSource::Kind::Keyword);
  // Only aten operators take `input` for `self`.
  EXPECT_THROW(matchOperator(reg, Symbol::fromQualString("ember_test::sum"), {},
                             {CallArgument{TensorType::get(), "input", false}}),
               Error);
}

}  // namespace
}  // namespace ember::jit
