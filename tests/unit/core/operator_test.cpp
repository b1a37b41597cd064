// Failure messages follow TorchScript 1.13's schema_matching.cpp wording.
#include "ember/core/operator.h"

#include <gtest/gtest.h>

#include "ember/core/schema_matching.h"
#include "ember/core/symbols.h"

namespace ember::jit {
namespace {

void addInts(Stack& stack) {
  int64_t b = stack.back().toInt();
  stack.pop_back();
  int64_t a = stack.back().toInt();
  stack.back() = IValue(a + b);
}
void noop(Stack&) {}
NodeOperation makeNoop(const Node*) {
  return [](Stack& s) { s.push_back(IValue(int64_t{99})); };
}

CallArgument arg(TypePtr t) { return CallArgument{std::move(t), "", false}; }
CallArgument kwarg(std::string name, TypePtr t) { return CallArgument{std::move(t), std::move(name), false}; }

struct RegistryFixture : ::testing::Test {
  OperatorRegistry reg;
  void SetUp() override {
    reg.registerOperators({
        Operator("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", noop),
        Operator("aten::add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", noop),
        Operator("aten::add.int(int a, int b) -> int", addInts),
        Operator("aten::add.float(float a, float b) -> float", noop),
        Operator("aten::add.str(str a, str b) -> str", noop),
        Operator("aten::add.t(t[] a, t[] b) -> t[]", noop),
        Operator("aten::zeros(int[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
                 "bool? pin_memory=None) -> Tensor",
                 noop),
        Operator("aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, "
                 "int[2] dilation=1, bool ceil_mode=False) -> Tensor",
                 noop),
        Operator("aten::sqrt.float(float a) -> float", noop),
        Operator("aten::to.device(Tensor(a) self, Device device, ScalarType dtype, bool non_blocking=False, "
                 "bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)",
                 noop),
        Operator("prim::TupleUnpack(Any tup) -> ...", makeNoop),
        Operator("aten::sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)",
                 noop),
    });
  }
};

TEST_F(RegistryFixture, LookupByNameAndSymbol) {
  EXPECT_EQ(reg.getAllOperatorsFor(aten::add).size(), 6u);
  auto op = reg.findOperator("aten::add.int");
  ASSERT_TRUE(op);
  EXPECT_EQ(op->schema().str(), "aten::add.int(int a, int b) -> int");
  EXPECT_EQ(op->symbol(), aten::add);
  Stack stack{IValue(int64_t{2}), IValue(int64_t{3})};
  op->operation()(stack);
  EXPECT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].toInt(), 5);
  EXPECT_TRUE(reg.findOperator("aten::zeros"));
  EXPECT_FALSE(reg.findOperator("aten::add"));
  EXPECT_TRUE(reg.findOperator("aten::add.int(int a, int b) -> int"));
  EXPECT_FALSE(reg.findOperator("aten::add.int(int a, int c) -> int"));
  EXPECT_THROW(reg.registerOperator(Operator("aten::add.int(int x, int y) -> int", noop)), Error);
  auto unpack = reg.findOperator("prim::TupleUnpack");
  ASSERT_TRUE(unpack);
  EXPECT_FALSE(unpack->hasOperation());
  EXPECT_EQ(unpack->aliasAnalysisKind(), AliasAnalysisKind::INTERNAL_SPECIAL_CASE);
  Stack s2;
  unpack->getOperation(nullptr)(s2);
  EXPECT_EQ(s2.at(0).toInt(), 99);
  EXPECT_TRUE(reg.deregisterOperator({"aten::add", "str"}));
  EXPECT_EQ(reg.getAllOperatorsFor(aten::add).size(), 5u);
  EXPECT_THROW(Operator("noNamespace(int a) -> int", noop), Error);
  EXPECT_GE(OperatorRegistry::global().size(), 0u);
}

TEST_F(RegistryFixture, ResolvesOverloadsByType) {
  auto m = matchOperator(reg, aten::add, {arg(IntType::get()), arg(IntType::get())});
  EXPECT_EQ(m.op->schema().overloadName(), "int");
  m = matchOperator(reg, aten::add, {arg(TensorType::get()), arg(TensorType::get())});
  EXPECT_EQ(m.op->schema().overloadName(), "Tensor");
  EXPECT_EQ(m.match.inputs[2].kind, ArgumentSource::Kind::Default);
  m = matchOperator(reg, aten::add, {arg(TensorType::get()), arg(FloatType::get())}, {kwarg("alpha", IntType::get())});
  EXPECT_EQ(m.op->schema().overloadName(), "Scalar");
  EXPECT_EQ(m.match.inputs[2].kind, ArgumentSource::Kind::Keyword);
  m = matchOperator(reg, aten::add, {arg(ListType::ofInts()), arg(ListType::ofInts())});
  EXPECT_EQ(m.op->schema().overloadName(), "t");
  EXPECT_EQ(m.match.returnTypes[0]->annotation_str(), "List[int]");
  m = matchOperator(reg, Symbol::aten("sort"), {arg(TensorType::get())});
  ASSERT_TRUE(m.match.returnFieldNames);
  EXPECT_EQ((*m.match.returnFieldNames)[1], "indices");
}

TEST_F(RegistryFixture, IntIsNotImplicitlyAFloat) {
  // aten::add(int, float) has no overload in this registry: TorchScript does not convert int to
  // float for builtin calls.
  EXPECT_THROW(matchOperator(reg, aten::add, {arg(IntType::get()), arg(FloatType::get())}), Error);
  // ...but a Tensor converts to float through FloatImplicit in the second pass.
  auto m = matchOperator(reg, Symbol::aten("sqrt"), {arg(TensorType::get())});
  EXPECT_EQ(m.match.inputs[0].conversion, ArgumentSource::Conversion::TensorToNum);
  EXPECT_EQ(m.match.inputs[0].conversionOp.toQualString(), "aten::FloatImplicit");
  EXPECT_THROW(matchOperator(reg, Symbol::aten("sqrt"), {arg(IntType::get())}), Error);
  // Nor is a bool (math.sqrt(True) is "Arguments for call are not valid" in PyTorch 1.13).
  EXPECT_THROW(matchOperator(reg, Symbol::aten("sqrt"), {arg(BoolType::get())}), Error);
}

TEST_F(RegistryFixture, BroadcastingListsPackingAndTuples) {
  auto m = matchOperator(reg, Symbol::aten("max_pool2d"), {arg(TensorType::get()), arg(IntType::get())});
  EXPECT_EQ(m.match.inputs[1].conversion, ArgumentSource::Conversion::RepeatToList);
  EXPECT_EQ(m.match.inputs[2].kind, ArgumentSource::Kind::Default);
  m = matchOperator(reg, Symbol::aten("max_pool2d"),
                    {arg(TensorType::get()), arg(TupleType::create({IntType::get(), IntType::get()}))});
  EXPECT_EQ(m.match.inputs[1].conversion, ArgumentSource::Conversion::TupleToList);
  // zeros(2, 3): trailing positional ints pack into `int[] size`.
  m = matchOperator(reg, aten::zeros, {arg(IntType::get()), arg(IntType::get())}, {kwarg("dtype", IntType::get())});
  EXPECT_EQ(m.match.inputs[0].kind, ArgumentSource::Kind::PackedList);
  EXPECT_EQ(m.match.inputs[1].kind, ArgumentSource::Kind::Keyword);
  // Optional accepts None and T.
  m = matchOperator(reg, aten::zeros, {arg(ListType::ofInts())}, {kwarg("dtype", NoneType::get())});
  EXPECT_EQ(m.match.inputs[1].kind, ArgumentSource::Kind::Keyword);
  // str converts to Device.
  m = matchOperator(reg, aten::to, {arg(TensorType::get()), arg(StringType::get()), arg(IntType::get())});
  EXPECT_EQ(m.match.inputs[1].conversion, ArgumentSource::Conversion::StrToDevice);
  // An empty list literal matches any list type.
  m = matchOperator(reg, aten::zeros, {CallArgument{ListType::ofTensors(), "", true}});
  EXPECT_EQ(m.match.inputs[0].conversion, ArgumentSource::Conversion::EmptyListToTyped);
}

TEST_F(RegistryFixture, FailureListsEveryCandidate) {
  try {
    matchOperator(reg, aten::add, {arg(TensorType::get()), arg(StringType::get())});
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string m = e.what();
    EXPECT_EQ(m.rfind("Arguments for call are not valid.\nThe following variants are available:\n", 0), 0u) << m;
    EXPECT_NE(m.find("  aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor:\n  Expected a value "
                     "of type 'Tensor' for argument 'other' but instead found type 'str'."),
              std::string::npos)
        << m;
    // The messages come from the pass that allows conversions, where a Tensor converts to int.
    EXPECT_NE(m.find("  aten::add.int(int a, int b) -> int:\n  Expected a value of type 'int' for argument 'b' but "
                     "instead found type 'str'."),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("Could not match type Tensor to List[t] in argument 'a': Cannot match List[t] to Tensor."),
              std::string::npos)
        << m;
  }
  try {
    matchOperator(reg, Symbol::aten("sqrt"), {arg(FloatType::get()), arg(FloatType::get())});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Expected at most 1 arguments but found 2 positional arguments."),
              std::string::npos);
  }
  try {
    matchOperator(reg, Symbol::aten("sqrt"), {}, {kwarg("b", FloatType::get())});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Argument a not provided."), std::string::npos);
  }
  try {
    matchOperator(reg, Symbol::aten("sqrt"), {arg(FloatType::get())}, {kwarg("b", FloatType::get())});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Keyword argument b unknown."), std::string::npos);
  }
  EXPECT_THROW(matchOperator(reg, Symbol::aten("nonexistent"), {}), Error);
}

}  // namespace
}  // namespace ember::jit
