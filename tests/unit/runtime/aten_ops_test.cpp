// The aten:: operators bound to the tensor library: schemas are PyTorch 1.13's, arguments are
// read from the stack in schema order, results pushed as the schemas say. Expected values come
// from PyTorch 1.13 (torch.ops.aten.<op>.<overload> on the same inputs) or from properties
// (aliasing, identity of in-place results).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <exception>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "ember/core/function_schema.h"
#include "ember/core/operator.h"
#include "ember/tensor.h"
#include "ember_test_source_dir.h"

namespace ember::jit {
namespace {

std::set<std::string> pytorchSchemas() {
  std::ifstream in(ember::test::testsDir() / "unit" / "core" / "data" /
                   "torch_1_13_schemas.txt");
  std::set<std::string> out;
  std::string line;
  while (std::getline(in, line)) out.insert(line);
  return out;
}

// Runs the operator registered as `name` ("aten::add.Tensor") on `args`; returns the stack.
Stack run(const char* name, Stack args) {
  OperatorPtr op = OperatorRegistry::global().findOperator(std::string_view(name));
  EXPECT_TRUE(op != nullptr) << name << " is not registered";
  if (!op) return {};
  if (!op->schema().isVararg()) {
    EXPECT_EQ(args.size(), op->schema().arguments().size()) << "test passes the wrong argument count to " << name;
  }
  op->operation()(args);
  return args;
}
Tensor run1(const char* name, Stack args) {
  Stack out = run(name, std::move(args));
  EXPECT_EQ(out.size(), 1u) << name;
  return out.empty() ? Tensor() : out[0].toTensor();
}

std::vector<double> values(const Tensor& t) {
  std::vector<double> out;
  for (const Scalar& s : t.scalars()) out.push_back(s.toDouble());
  return out;
}
std::vector<int64_t> sizes(const Tensor& t) { return std::vector<int64_t>(t.sizes().begin(), t.sizes().end()); }
Tensor arange12() { return ember::arange(12, kFloat).reshape({3, 4}); }

TEST(AtenOps, EverySchemaIsPyTorchs) {
  std::set<std::string> known = pytorchSchemas();
  ASSERT_GT(known.size(), 4000u);
  size_t count = 0;
  std::vector<std::string> unknown;
  for (const OperatorPtr& op : OperatorRegistry::global().getAllOperators()) {
    if (op->schema().name().rfind("aten::", 0) != 0) continue;
    ++count;
    std::string text = op->schema().str();
    if (!known.count(text)) unknown.push_back(text);
  }
  EXPECT_THAT(unknown, ::testing::IsEmpty());
  EXPECT_GT(count, 700u);
}

TEST(AtenOps, CommonOpsAreRegistered) {
  for (const char* name : {"aten::add.Tensor",
                           "aten::add.Scalar",
                           "aten::add_.Tensor",
                           "aten::add.out",
                           "aten::sub.Tensor",
                           "aten::mul.Scalar",
                           "aten::div.Tensor_mode",
                           "aten::neg",
                           "aten::relu",
                           "aten::sigmoid",
                           "aten::tanh",
                           "aten::exp",
                           "aten::log",
                           "aten::sum",
                           "aten::sum.dim_IntList",
                           "aten::mean.dim",
                           "aten::max.dim",
                           "aten::min",
                           "aten::eq.Scalar",
                           "aten::lt.Tensor",
                           "aten::zeros",
                           "aten::ones",
                           "aten::rand",
                           "aten::randn",
                           "aten::empty.memory_format",
                           "aten::full",
                           "aten::arange",
                           "aten::tensor",
                           "aten::tensor.int",
                           "aten::view",
                           "aten::reshape",
                           "aten::select.int",
                           "aten::slice.Tensor",
                           "aten::index.Tensor",
                           "aten::index_put_",
                           "aten::cat",
                           "aten::stack",
                           "aten::transpose.int",
                           "aten::t",
                           "aten::permute",
                           "aten::unsqueeze",
                           "aten::squeeze.dim",
                           "aten::to.dtype",
                           "aten::contiguous",
                           "aten::clone",
                           "aten::item",
                           "aten::expand",
                           "aten::detach",
                           "aten::requires_grad_",
                           "aten::split.Tensor",
                           "aten::chunk",
                           "aten::unbind.int",
                           "aten::sort",
                           "aten::topk",
                           "aten::softmax.int",
                           "aten::type_as"}) {
    EXPECT_NE(OperatorRegistry::global().findOperator(std::string_view(name)), nullptr) << name;
  }
}

// ---- arithmetic ----

TEST(AtenOps, AddTensorWithAlpha) {
  Tensor r = run1("aten::add.Tensor", {ember::tensor({1.f, 2.f, 3.f}), ember::tensor({10.f, 20.f, 30.f}), 2});
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(values(r), (std::vector<double>{21, 42, 63}));
}

TEST(AtenOps, ScalarOperandsPromoteAsPythonNumbers) {
  // torch.ops.aten.add.Scalar(int8 [1, 2], 1000) -> int8 [-23, -22]
  Tensor r = run1("aten::add.Scalar", {ember::tensor({1, 2}, kChar), 1000, 1});
  EXPECT_EQ(r.dtype(), kChar);
  EXPECT_EQ(values(r), (std::vector<double>{-23, -22}));
  // int32 + 2.5 -> float32 [3.5, 4.5]
  r = run1("aten::add.Scalar", {ember::tensor({1, 2}, kInt), 2.5, 1});
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(values(r), (std::vector<double>{3.5, 4.5}));
  // A number where the schema says Tensor is a wrapped number: same promotion as the Scalar form.
  r = run1("aten::add.Tensor", {ember::tensor({1, 2}, kChar), 1000, 1});
  EXPECT_EQ(r.dtype(), kChar);
  EXPECT_EQ(values(r), (std::vector<double>{-23, -22}));
  // The wrapped number differs from a plain 0-dim tensor where both operands are 0-dim:
  // tensor(1, int8) + 1000 -> int8 -23, but add.Tensor(tensor(1, int8), tensor(1000)) -> int64 1001.
  r = run1("aten::add.Tensor", {ember::scalar_tensor(1, kChar), 1000, 1});
  EXPECT_EQ(r.dtype(), kChar);
  EXPECT_EQ(values(r), (std::vector<double>{-23}));
  r = run1("aten::add.Tensor", {ember::scalar_tensor(1, kChar), ember::scalar_tensor(1000, kLong), 1});
  EXPECT_EQ(r.dtype(), kLong);
  EXPECT_EQ(values(r), (std::vector<double>{1001}));
  // A bool Scalar is a Scalar too.
  r = run1("aten::mul.Scalar", {ember::tensor({3, 4}), true});
  EXPECT_EQ(values(r), (std::vector<double>{3, 4}));
}

TEST(AtenOps, InPlaceReturnsSelfAndOutWritesOut) {
  Tensor x = ember::tensor({1.f, 2.f});
  Tensor r = run1("aten::add_.Scalar", {x, 1, 1});
  EXPECT_TRUE(r.is_same(x));
  EXPECT_EQ(values(x), (std::vector<double>{2, 3}));
  r = run1("aten::mul_.Tensor", {x, ember::tensor({2.f, 3.f})});
  EXPECT_TRUE(r.is_same(x));
  EXPECT_EQ(values(x), (std::vector<double>{4, 9}));

  Tensor out = ember::empty({0}, kFloat);
  r = run1("aten::sub.out", {ember::tensor({5.f, 6.f}), ember::tensor({1.f, 1.f}), 2, out});
  EXPECT_TRUE(r.is_same(out));
  EXPECT_EQ(sizes(out), (std::vector<int64_t>{2}));
  EXPECT_EQ(values(out), (std::vector<double>{3, 4}));
  // Scalar_out: the scalar operand in a Tensor out= kernel.
  r = run1("aten::mul.Scalar_out", {ember::tensor({5.f, 6.f}), 2, out});
  EXPECT_EQ(values(out), (std::vector<double>{10, 12}));
}

TEST(AtenOps, DivRoundingModes) {
  Tensor a = ember::tensor({-7, 7});
  Tensor two = ember::scalar_tensor(2, kLong);
  Tensor r = run1("aten::div.Tensor_mode", {a, two, "floor"});
  EXPECT_EQ(r.dtype(), kLong);
  EXPECT_EQ(values(r), (std::vector<double>{-4, 3}));
  r = run1("aten::div.Tensor_mode", {a, two, "trunc"});
  EXPECT_EQ(values(r), (std::vector<double>{-3, 3}));
  r = run1("aten::div.Tensor_mode", {a, two, IValue()});
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(values(r), (std::vector<double>{-3.5, 3.5}));
  r = run1("aten::div.Scalar_mode", {a, 2, "floor"});
  EXPECT_EQ(values(r), (std::vector<double>{-4, 3}));
  r = run1("aten::div.Tensor", {a, two});
  EXPECT_EQ(values(r), (std::vector<double>{-3.5, 3.5}));
  EXPECT_THROW(run1("aten::div.Tensor_mode", {a, two, "round"}), Error);
}

TEST(AtenOps, ComparisonsGiveBoolTensors) {
  Tensor r = run1("aten::eq.Scalar", {ember::tensor({1, 2, 3}), 2});
  EXPECT_EQ(r.dtype(), kBool);
  EXPECT_EQ(values(r), (std::vector<double>{0, 1, 0}));
  r = run1("aten::ne.Scalar", {ember::tensor({1, 2, 3}), 2.0});
  EXPECT_EQ(values(r), (std::vector<double>{1, 0, 1}));
  r = run1("aten::lt.Tensor", {ember::tensor({1, 5}), ember::tensor({2, 2})});
  EXPECT_EQ(values(r), (std::vector<double>{1, 0}));
  Stack s = run("aten::eq.Tensor_list",
                {makeTensorList({ember::scalar_tensor(1, kLong)}), makeTensorList({ember::scalar_tensor(1, kLong)})});
  EXPECT_TRUE(s.at(0).toBool());
  s = run("aten::eq.Tensor_list", {makeTensorList({ember::scalar_tensor(1, kLong)}), makeTensorList({})});
  EXPECT_FALSE(s.at(0).toBool());
  // Multi-element tensors compared inside lists are ambiguous truth values, as in Python.
  EXPECT_THROW(
      run("aten::eq.Tensor_list", {makeTensorList({ember::tensor({1, 2})}), makeTensorList({ember::tensor({1, 2})})}),
      Error);
}

TEST(AtenOps, UnaryFamily) {
  Tensor r = run1("aten::neg", {ember::tensor({1.f, -2.f})});
  EXPECT_EQ(values(r), (std::vector<double>{-1, 2}));
  r = run1("aten::relu", {ember::tensor({-1.f, 2.f})});
  EXPECT_EQ(values(r), (std::vector<double>{0, 2}));
  Tensor x = ember::tensor({0.f});
  r = run1("aten::exp_", {x});
  EXPECT_TRUE(r.is_same(x));
  EXPECT_EQ(values(x), (std::vector<double>{1}));
  r = run1("aten::sigmoid", {ember::tensor({0.0}, kDouble)});
  EXPECT_EQ(values(r), (std::vector<double>{0.5}));
  // relu.out casts into out (double -> float), as PyTorch's does.
  Tensor out = ember::empty({0}, kFloat);
  r = run1("aten::relu.out", {ember::tensor({-1.0, 2.0}, kDouble), out});
  EXPECT_TRUE(r.is_same(out));
  EXPECT_EQ(values(out), (std::vector<double>{0, 2}));
  EXPECT_THROW(run1("aten::relu.out", {ember::tensor({1.0}), ember::empty({1}, kLong)}), Error);
  r = run1("aten::round.decimals", {ember::tensor({1.2345}, kDouble), 2});
  EXPECT_NEAR(values(r)[0], 1.23, 1e-12);
}

// ---- reductions ----

TEST(AtenOps, SumAndMeanOverDims) {
  Tensor x = arange12();
  EXPECT_EQ(values(run1("aten::sum.dim_IntList", {x, IValue(), false, IValue()})), (std::vector<double>{66}));
  Tensor r = run1("aten::sum.dim_IntList", {x, makeIntList({1}), true, IValue()});
  EXPECT_EQ(sizes(r), (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(values(r), (std::vector<double>{6, 22, 38}));
  r = run1("aten::mean.dim", {x, makeIntList({0}), false, IValue()});
  EXPECT_EQ(values(r), (std::vector<double>{4, 5, 6, 7}));
  r = run1("aten::sum", {ember::tensor({1, 2}, kInt), static_cast<int64_t>(ScalarType::Double)});
  EXPECT_EQ(r.dtype(), kDouble);
  r = run1("aten::var.correction", {x, makeIntList({1}), 0, false});
  EXPECT_EQ(values(r), (std::vector<double>{1.25, 1.25, 1.25}));
}

TEST(AtenOps, MaxDimPushesValuesAndIndices) {
  Tensor t = ember::tensor({{1.f, 5.f, 3.f}, {4.f, 2.f, 6.f}});
  Stack s = run("aten::max.dim", {t, 1, false});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(values(s[0].toTensor()), (std::vector<double>{5, 6}));
  EXPECT_EQ(values(s[1].toTensor()), (std::vector<double>{1, 2}));
  EXPECT_EQ(s[1].toTensor().dtype(), kLong);
  EXPECT_EQ(values(run1("aten::min", {t})), (std::vector<double>{1}));
  EXPECT_EQ(values(run1("aten::max.other", {ember::tensor({1, 9}), ember::tensor({3, 2})})),
            (std::vector<double>{3, 9}));
}

TEST(AtenOps, SortAndTopk) {
  Tensor t = ember::tensor({{1.f, 5.f, 3.f}, {4.f, 2.f, 6.f}});
  Stack s = run("aten::topk", {t, 2, 1, true, true});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(values(s[0].toTensor()), (std::vector<double>{5, 3, 6, 4}));
  EXPECT_EQ(values(s[1].toTensor()), (std::vector<double>{1, 2, 2, 0}));
  s = run("aten::sort", {t, 1, true});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(values(s[0].toTensor()), (std::vector<double>{5, 3, 1, 6, 4, 2}));
  EXPECT_EQ(values(s[1].toTensor()), (std::vector<double>{1, 2, 0, 2, 0, 1}));
  Tensor v = ember::empty({0}, kFloat), i = ember::empty({0}, kLong);
  s = run("aten::sort.values", {t, 1, true, v, i});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_TRUE(s[0].toTensor().is_same(v));
  EXPECT_EQ(values(i), (std::vector<double>{1, 2, 0, 2, 0, 1}));
}

TEST(AtenOps, SoftmaxAndCumsum) {
  Tensor r = run1("aten::softmax.int", {ember::tensor({1.f, 2.f, 3.f}), 0, IValue()});
  std::vector<double> expected{0.09003057330846786, 0.2447284758090973, 0.6652409434318542};
  for (size_t k = 0; k < 3; ++k) EXPECT_NEAR(values(r)[k], expected[k], 1e-7);
  EXPECT_EQ(run1("aten::cumsum", {ember::tensor({1, 2, 3}, kInt), 0, IValue()}).dtype(), kLong);
  Tensor y = ember::tensor({1, 2, 3}, kInt);
  r = run1("aten::cumsum_", {y, 0, IValue()});
  EXPECT_TRUE(r.is_same(y));
  EXPECT_EQ(y.dtype(), kInt);
  EXPECT_EQ(values(y), (std::vector<double>{1, 3, 6}));
}

// ---- factories ----

TEST(AtenOps, FactoriesHonourKwargs) {
  Tensor r =
      run1("aten::zeros", {makeIntList({2, 3}), static_cast<int64_t>(ScalarType::Long), IValue(), IValue(), IValue()});
  EXPECT_EQ(r.dtype(), kLong);
  EXPECT_EQ(sizes(r), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(values(r), std::vector<double>(6, 0));
  r = run1("aten::ones", {makeIntList({2}), IValue(), IValue(), Device(DeviceType::CPU), false});
  EXPECT_EQ(r.dtype(), kFloat);
  r = run1("aten::full", {makeIntList({2}), 7, IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(r.dtype(), kLong);  // torch.full infers int64 from an int fill value in 1.13
  r = run1("aten::empty.memory_format", {makeIntList({1, 2, 3, 4}), IValue(), IValue(), IValue(), IValue(),
                                         static_cast<int64_t>(MemoryFormat::ChannelsLast)});
  EXPECT_EQ(std::vector<int64_t>(r.strides().begin(), r.strides().end()), (std::vector<int64_t>{24, 1, 8, 2}));
}

TEST(AtenOps, FactoriesRejectUnsupportedDevicesAndLayouts) {
  try {
    run1("aten::zeros", {makeIntList({2}), IValue(), IValue(), Device(DeviceType::CUDA, 0), IValue()});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("cuda:0"));
  }
  EXPECT_THROW(run1("aten::ones", {makeIntList({2}), IValue(), 1, IValue(), IValue()}), Error);     // sparse_coo
  EXPECT_THROW(run1("aten::ones", {makeIntList({2}), IValue(), IValue(), IValue(), true}), Error);  // pin_memory
}

TEST(AtenOps, ArangeAndRandom) {
  Tensor r = run1("aten::arange", {5, IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(r.dtype(), kLong);
  EXPECT_EQ(values(r), (std::vector<double>{0, 1, 2, 3, 4}));
  r = run1("aten::arange.start_step", {0, 1, 0.25, IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(values(r), (std::vector<double>{0, 0.25, 0.5, 0.75}));
  // torch.manual_seed(0); torch.rand(3) / torch.randn(3)
  run("aten::manual_seed", {0});
  r = run1("aten::rand", {makeIntList({3}), IValue(), IValue(), IValue(), IValue()});
  std::vector<double> rand0{0.49625658988952637, 0.7682217955589294, 0.08847743272781372};
  for (size_t k = 0; k < 3; ++k) EXPECT_FLOAT_EQ(values(r)[k], rand0[k]);
  run("aten::manual_seed", {0});
  r = run1("aten::randn", {makeIntList({3}), IValue(), IValue(), IValue(), IValue()});
  std::vector<double> randn0{1.5409960746765137, -0.293428897857666, -2.1787893772125244};
  for (size_t k = 0; k < 3; ++k) EXPECT_FLOAT_EQ(values(r)[k], randn0[k]);
  EXPECT_THROW(run1("aten::rand.generator", {makeIntList({3}), 1, IValue(), IValue(), IValue(), IValue()}), Error);
}

TEST(AtenOps, TensorFromValues) {
  IValue nested = makeList(ListType::ofInts(), {makeIntList({1, 2}), makeIntList({3, 4})});
  Tensor r = run1("aten::tensor", {nested, IValue(), IValue(), false});
  EXPECT_EQ(r.dtype(), kLong);
  EXPECT_EQ(sizes(r), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(values(r), (std::vector<double>{1, 2, 3, 4}));
  r = run1("aten::tensor", {makeDoubleList({1.0, 2.0}), IValue(), IValue(), true});
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_TRUE(r.requires_grad());
  r = run1("aten::tensor", {makeDoubleList({}), IValue(), IValue(), false});
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(sizes(r), (std::vector<int64_t>{0}));
  r = run1("aten::tensor.float", {1.5, IValue(), IValue(), false});
  EXPECT_EQ(r.dtype(), kFloat);
  EXPECT_EQ(r.dim(), 0);
  r = run1("aten::tensor.int", {1, static_cast<int64_t>(ScalarType::Int), IValue(), false});
  EXPECT_EQ(r.dtype(), kInt);
  r = run1("aten::tensor.bool", {true, IValue(), IValue(), false});
  EXPECT_EQ(r.dtype(), kBool);
  IValue ragged = makeList(ListType::ofInts(), {makeIntList({1, 2}), makeIntList({3})});
  try {
    run1("aten::tensor", {ragged, IValue(), IValue(), false});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "Expected sequence of length 2 at dim 1 (got 1)");
  }
}

// ---- shapes and views ----

TEST(AtenOps, ViewsShareStorage) {
  Tensor x = arange12();
  Tensor v = run1("aten::view", {x, makeIntList({4, 3})});
  EXPECT_TRUE(v.is_alias_of(x));
  EXPECT_EQ(sizes(v), (std::vector<int64_t>{4, 3}));
  Tensor sel = run1("aten::select.int", {x, 1, 2});
  EXPECT_EQ(values(sel), (std::vector<double>{2, 6, 10}));
  Tensor sl = run1("aten::slice.Tensor", {x, 1, 1, IValue(), 2});
  EXPECT_EQ(values(sl), (std::vector<double>{1, 3, 5, 7, 9, 11}));
  Tensor tr = run1("aten::transpose.int", {x, 0, 1});
  EXPECT_EQ(sizes(tr), (std::vector<int64_t>{4, 3}));
  EXPECT_FALSE(tr.is_contiguous());
  Tensor c = run1("aten::contiguous", {tr, 0});
  EXPECT_TRUE(c.is_contiguous());
  EXPECT_EQ(values(c), values(tr));
  Tensor e = run1("aten::expand", {ember::tensor({1.f, 2.f}), makeIntList({3, -1}), false});
  EXPECT_EQ(sizes(e), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(e.stride(0), 0);
  Tensor u = run1("aten::unsqueeze", {x, 0});
  EXPECT_EQ(sizes(u), (std::vector<int64_t>{1, 3, 4}));
  Tensor p = run1("aten::permute", {x, makeIntList({1, 0})});
  EXPECT_EQ(values(p), values(tr));
}

TEST(AtenOps, InPlaceViewOpsRestrideSelf) {
  Tensor x = arange12();
  Tensor r = run1("aten::unsqueeze_", {x, 0});
  EXPECT_TRUE(r.is_same(x));
  EXPECT_EQ(sizes(x), (std::vector<int64_t>{1, 3, 4}));
  run1("aten::squeeze_", {x});
  EXPECT_EQ(sizes(x), (std::vector<int64_t>{3, 4}));
  run1("aten::t_", {x});
  EXPECT_EQ(sizes(x), (std::vector<int64_t>{4, 3}));
  EXPECT_EQ(values(x)[1], 4);
}

TEST(AtenOps, ListResultsAndListArguments) {
  Tensor x = arange12();
  Stack s = run("aten::split.Tensor", {x, 2, 1});
  ASSERT_EQ(s.size(), 1u);
  std::vector<Tensor> parts = s[0].toTensorVector();
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(values(parts[1]), (std::vector<double>{2, 3, 6, 7, 10, 11}));
  parts = run("aten::chunk", {x, 3, 0})[0].toTensorVector();
  EXPECT_EQ(parts.size(), 3u);
  parts = run("aten::unbind.int", {x, 0})[0].toTensorVector();
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(values(parts[2]), (std::vector<double>{8, 9, 10, 11}));
  Tensor c = run1("aten::cat", {makeTensorList({ember::tensor({1, 2}), ember::tensor({3})}), 0});
  EXPECT_EQ(values(c), (std::vector<double>{1, 2, 3}));
  Tensor st = run1("aten::stack", {makeTensorList({ember::tensor({1, 2}), ember::tensor({3, 4})}), 1});
  EXPECT_EQ(sizes(st), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(values(st), (std::vector<double>{1, 3, 2, 4}));
}

TEST(AtenOps, ToOverloads) {
  Tensor x = ember::tensor({1.5f, -2.5f});
  constexpr int64_t kLongCode = static_cast<int64_t>(ScalarType::Long);
  Tensor r = run1("aten::to.dtype", {x, kLongCode, false, false, IValue()});
  EXPECT_EQ(r.dtype(), kLong);
  EXPECT_EQ(values(r), (std::vector<double>{1, -2}));
  // Nothing to change: self itself, unless copy=True.
  EXPECT_TRUE(run1("aten::to.dtype", {x, static_cast<int64_t>(ScalarType::Float), false, false, IValue()}).is_same(x));
  EXPECT_FALSE(run1("aten::to.dtype", {x, static_cast<int64_t>(ScalarType::Float), false, true, IValue()}).is_same(x));
  r = run1("aten::to.other", {x, ember::tensor({1}, kInt), false, false, IValue()});
  EXPECT_EQ(r.dtype(), kInt);
  r = run1("aten::to.device", {x, Device(DeviceType::CPU), kLongCode, false, false, IValue()});
  EXPECT_EQ(r.dtype(), kLong);
  EXPECT_THROW(run1("aten::to.device", {x, Device(DeviceType::CUDA), kLongCode, false, false, IValue()}), Error);
  r = run1("aten::to.dtype_layout", {x, IValue(), IValue(), Device(DeviceType::CPU), IValue(), false, false, IValue()});
  EXPECT_TRUE(r.is_same(x));
  r = run1("aten::to.prim_dtype", {x, kLongCode, false, false});
  EXPECT_EQ(r.dtype(), kLong);
  r = run1("aten::type_as", {x, ember::tensor({1.0}, kDouble)});
  EXPECT_EQ(r.dtype(), kDouble);
}

TEST(AtenOps, CloneDetachRequiresGrad) {
  Tensor x = ember::tensor({1.f, 2.f});
  Tensor c = run1("aten::clone", {x, IValue()});
  EXPECT_FALSE(c.is_alias_of(x));
  EXPECT_EQ(values(c), values(x));
  Tensor r = run1("aten::requires_grad_", {x, true});
  EXPECT_TRUE(r.is_same(x));
  EXPECT_TRUE(x.requires_grad());
  Tensor d = run1("aten::detach", {x});
  EXPECT_TRUE(d.is_alias_of(x));
  EXPECT_FALSE(d.requires_grad());
}

TEST(AtenOps, ItemKeepsPythonNumberKinds) {
  Stack s = run("aten::item", {ember::scalar_tensor(2.5, kFloat)});
  ASSERT_TRUE(s[0].isDouble());
  EXPECT_EQ(s[0].toDouble(), 2.5);
  s = run("aten::item", {ember::scalar_tensor(3, kLong)});
  ASSERT_TRUE(s[0].isInt());
  EXPECT_EQ(s[0].toInt(), 3);
  s = run("aten::item", {ember::scalar_tensor(true, kBool)});
  ASSERT_TRUE(s[0].isBool());
  EXPECT_THROW(run("aten::item", {ember::tensor({1, 2})}), Error);
}

// x.tolist() annotated List[List[float]] compiles to prim::tolist(%x, 2, 1) (dim 2, float).
TEST(AtenOps, TolistFollowsTheAnnotation) {
  Stack s = run("prim::tolist", {ember::ones({2, 2}, kFloat), 2, 1});
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].repr(), "[[1.0, 1.0], [1.0, 1.0]]");
  EXPECT_EQ(s[0].type()->str(), "float[][]");  // List[List[float]], as IR types print
  s = run("prim::tolist", {ember::scalar_tensor(2.5, kDouble), 0, 1});
  ASSERT_TRUE(s[0].isDouble());
  EXPECT_EQ(s[0].toDouble(), 2.5);
  s = run("prim::tolist", {ember::tensor({true, false}), 1, 2});
  EXPECT_EQ(s[0].repr(), "[True, False]");
  s = run("prim::tolist", {ember::tensor({3, 4}, kInt), 1, 0});
  EXPECT_EQ(s[0].repr(), "[3, 4]");
  try {
    run("prim::tolist", {ember::ones({2, 2}, kLong), 2, 1});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "Output annotation element type and runtime tensor element type must match for tolist()");
  }
  try {
    run("prim::tolist", {ember::ones({2}, kFloat), 2, 1});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "Output annotation list dimension and runtime tensor dimension must match for tolist()");
  }
}

// ---- indexing ----

TEST(AtenOps, AdvancedIndexing) {
  Tensor x = arange12();
  IValue idx = makeList(OptionalType::create(TensorType::get()), {IValue(), ember::tensor({0, 2})});
  Tensor r = run1("aten::index.Tensor", {x, idx});
  EXPECT_EQ(sizes(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(values(r), (std::vector<double>{0, 2, 4, 6, 8, 10}));
  IValue mask = makeList(OptionalType::create(TensorType::get()), {ember::tensor({true, false, true})});
  r = run1("aten::index.Tensor", {x, mask});
  EXPECT_EQ(values(r), (std::vector<double>{0, 1, 2, 3, 8, 9, 10, 11}));
  Tensor self = ember::zeros({3}, kFloat);
  IValue at = makeList(OptionalType::create(TensorType::get()), {ember::tensor({0, 0, 2})});
  r = run1("aten::index_put_", {self, at, ember::tensor({1.f, 2.f, 5.f}), true});
  EXPECT_TRUE(r.is_same(self));
  EXPECT_EQ(values(self), (std::vector<double>{3, 0, 5}));
  r = run1("aten::masked_fill.Scalar", {ember::tensor({1, 2, 3}), ember::tensor({true, false, true}), 0});
  EXPECT_EQ(values(r), (std::vector<double>{0, 2, 0}));
  r = run1("aten::index_select", {x, 0, ember::tensor({2})});
  EXPECT_EQ(values(r), (std::vector<double>{8, 9, 10, 11}));
}

TEST(AtenOps, BadArgumentsThrow) {
  EXPECT_THROW(run1("aten::add.Tensor", {ember::tensor({1.f}), "x", 1}), Error);
  EXPECT_THROW(run1("aten::view", {arange12(), makeIntList({5})}), Error);
  EXPECT_THROW(run1("aten::select.int", {arange12(), 0, 7}), Error);
  EXPECT_THROW(run1("aten::zeros", {makeIntList({2}), 99, IValue(), IValue(), IValue()}), Error);
}

// A plausible value for an argument of type `t` (its default when the schema has one).
IValue plausible(const Argument& arg) {
  if (arg.defaultValue()) return *arg.defaultValue();
  const TypePtr& t = arg.type();
  switch (t->kind()) {
    case TypeKind::TensorType:
      return ember::arange(6, kFloat).reshape({2, 3});
    case TypeKind::OptionalType:
      return IValue();
    case TypeKind::IntType:
    case TypeKind::SymIntType:
      return 1;
    case TypeKind::FloatType:
      return 0.5;
    case TypeKind::BoolType:
      return false;
    case TypeKind::NumberType:
      return 2;
    case TypeKind::StringType:
      return "floor";
    case TypeKind::DeviceObjType:
      return Device(DeviceType::CPU);
    case TypeKind::ListType: {
      TypeKind elem = t->containedTypes()[0]->kind();
      if (elem == TypeKind::IntType || elem == TypeKind::SymIntType) return makeIntList({1});
      if (elem == TypeKind::TensorType) return makeTensorList({ember::ones({2}, kFloat), ember::ones({2}, kFloat)});
      if (elem == TypeKind::OptionalType) {
        return makeList(OptionalType::create(TensorType::get()), {IValue(), ember::tensor({0, 1})});
      }
      return makeList(t->containedTypes()[0], {});
    }
    default:
      return IValue();
  }
}

// Runs `op` and accepts success or ember::Error; anything else (another exception type) fails.
// Returns whether it succeeded.
bool expectSuccessOrError(const Operator& op, Stack stack, const std::string& what) {
  try {
    op.operation()(stack);
    return true;
  } catch (const Error&) {
  } catch (const std::exception& e) {
    ADD_FAILURE() << op.schema() << " with " << what << " threw a non-ember exception: " << e.what();
  }
  return false;
}

// Untrusted programs can pass any value anywhere a schema allows a wrong one through (a
// hand-written IR, a corrupt archive): every bound operator must answer with ember::Error.
TEST(AtenOps, WrongArgumentsGiveEmberErrors) {
  size_t checked = 0, succeeded = 0;
  for (const OperatorPtr& op : OperatorRegistry::global().getAllOperators()) {
    const FunctionSchema& schema = op->schema();
    if (schema.name().rfind("aten::", 0) != 0 || schema.isVararg() || !op->hasOperation()) continue;
    // Tensor operators only: scalar/list/str builtins (aten::warn prints) are tested elsewhere.
    if (schema.str().find("Tensor") == std::string::npos) continue;
    if (schema.name() == "aten::manual_seed") continue;  // would reseed the stream other tests use
    Stack base;
    for (const Argument& arg : schema.arguments()) base.push_back(plausible(arg));
    succeeded += expectSuccessOrError(*op, base, "plausible arguments");
    for (size_t i = 0; i < base.size(); ++i) {
      for (IValue wrong : {IValue("x"), IValue(), IValue(Tensor()), IValue(-7), IValue(makeIntList({-1, 1 << 20}))}) {
        Stack stack = base;
        stack[i] = wrong;
        expectSuccessOrError(*op, stack, "argument " + std::to_string(i) + " = " + wrong.repr());
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 700u);
  EXPECT_GT(succeeded, checked / 2) << "the plausible arguments should be valid for most operators";
}

TEST(AtenOps, DtypeReasoning) {
  Stack s = run("aten::result_type.Scalar", {ember::tensor({1}, kChar), 1000});
  EXPECT_EQ(s[0].toInt(), static_cast<int64_t>(ScalarType::Char));
  s = run("aten::promote_types", {static_cast<int64_t>(ScalarType::Char), static_cast<int64_t>(ScalarType::Byte)});
  EXPECT_EQ(s[0].toInt(), static_cast<int64_t>(ScalarType::Short));
}

}  // namespace
}  // namespace ember::jit
