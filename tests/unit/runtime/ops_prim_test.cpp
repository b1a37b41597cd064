// prim:: operators that need their graph node (print, tuple/list/dict literals, attributes,
// isinstance, format) and the tensor queries and conversions. Expected texts and values were
// produced by PyTorch 1.13 running the same constructs (noted per test) or follow from Python's
// definitions. The scalar/list/dict/str builtins are compared with PyTorch case by case in
// tests/compat/ops_builtins.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>

#include "ember/core/function_schema.h"
#include "ember/core/operator.h"
#include "ember/core/stack.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "ember/runtime/jit_exception.h"
#include "ember/runtime/print_sink.h"
#include "ember/tensor.h"
#include "ember_test_source_dir.h"

namespace ember::jit {
namespace {

// A graph holding one node of interest (the first whose kind is `kind`) and its operation.
struct NodeOp {
  std::shared_ptr<Graph> graph;
  Node* node = nullptr;
  NodeOperation op;
};

NodeOp nodeOp(const std::string& ir, const std::string& kind, const std::string& opName,
              const IRParseOptions& options = {}) {
  NodeOp r;
  r.graph = std::make_shared<Graph>();
  parseIR(ir, *r.graph, options);
  for (Node* n : r.graph->nodes()) {
    if (n->kind().toQualString() == kind) {
      r.node = n;
      break;
    }
  }
  EXPECT_NE(r.node, nullptr) << "no " << kind << " node";
  OperatorPtr op = OperatorRegistry::global().findOperator(std::string_view(opName));
  EXPECT_NE(op, nullptr) << opName << " is not registered";
  if (op && r.node) r.op = op->getOperation(r.node);
  return r;
}

Stack run(const char* name, Stack args) {
  OperatorPtr op = OperatorRegistry::global().findOperator(std::string_view(name));
  EXPECT_NE(op, nullptr) << name << " is not registered";
  if (op) op->getOperation()(args);
  return args;
}

// Captures what prim::Print writes while alive.
class CapturePrint {
 public:
  CapturePrint() {
    previous_ = setPrintSink([this](std::string_view s) { text_ += s; });
  }
  ~CapturePrint() { setPrintSink(previous_); }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  PrintSink previous_;
};

// ---- schemas ----

TEST(PrimOps, SchemasArePyTorchs) {
  std::ifstream in(ember::test::testsDir() / "unit" / "core" / "data" /
                   "torch_1_13_schemas.txt");
  std::set<std::string> known;
  for (std::string line; std::getline(in, line);) known.insert(line);
  ASSERT_GT(known.size(), 4000u);
  // Nodes PyTorch's interpreter handles without a registered schema.
  std::set<std::string> internal = {"prim::TupleConstruct", "prim::TupleSlice", "prim::ListConstruct",
                                    "prim::ListUnpack",     "prim::DictConstruct", "prim::GetAttr",
                                    "prim::SetAttr",        "prim::isinstance",    "prim::Enter",
                                    "prim::Exit",           "prim::CreateObject"};
  std::vector<std::string> unknown;
  for (const OperatorPtr& op : OperatorRegistry::global().getAllOperators()) {
    const std::string& name = op->schema().name();
    if (name.rfind("prim::", 0) != 0 || internal.count(name)) continue;
    if (!known.count(op->schema().str())) unknown.push_back(op->schema().str());
  }
  EXPECT_THAT(unknown, ::testing::IsEmpty());
}

// ---- print ----

TEST(PrimOps, PrintFormatsLikeTorchScript) {
  // PyTorch 1.13: print(2, "and", (1, 2, 3), 1.5, [1., 2.5], "s", {"a": 1.}, None, (1,))
  NodeOp p = nodeOp(R"IR(graph(%a : int, %b : str, %c : (int, int, int), %d : float, %e : float[], %f : str,
      %g : Dict(str, float), %h : NoneType, %i : (int)):
  = prim::Print(%a, %b, %c, %d, %e, %f, %g, %h, %i)
  return ()
)IR",
                    "prim::Print", "prim::Print");
  auto dict = DictImpl::create(StringType::get(), FloatType::get());
  dict->insertOrAssign("a", 1.0);
  Stack stack{int64_t{2}, "and", makeTuple({1, 2, 3}), 1.5, makeDoubleList({1.0, 2.5}), "s", IValue(dict), IValue(),
              makeTuple({1})};
  CapturePrint capture;
  p.op(stack);
  EXPECT_TRUE(stack.empty());
  EXPECT_EQ(capture.text(), "2 and (1, 2, 3) 1.5 [1., 2.5] s {a: 1.} None (1,)\n");
}

TEST(PrimOps, PrintWithoutArgumentsPrintsANewline) {
  NodeOp p = nodeOp("graph():\n  = prim::Print()\n  return ()\n", "prim::Print", "prim::Print");
  Stack stack;
  CapturePrint capture;
  p.op(stack);
  EXPECT_EQ(capture.text(), "\n");
}

TEST(PrimOps, WarnGoesToTheWarningSink) {
  std::string got;
  WarningSink previous = setWarningSink([&](std::string_view s) { got += s; });
  Stack stack = run("aten::warn", {"careful", 2});
  setWarningSink(previous);
  EXPECT_TRUE(stack.empty());
  EXPECT_EQ(got, "careful");
}

// ---- raise ----

TEST(PrimOps, RaiseExceptionCarriesThePythonClass) {
  try {
    run("prim::RaiseException", {"boom x", "builtins.ValueError"});
    FAIL() << "no exception";
  } catch (const JitException& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("boom x"));
    ASSERT_TRUE(e.pythonClassName().has_value());
    EXPECT_EQ(*e.pythonClassName(), "builtins.ValueError");
    EXPECT_EQ(e.kind(), ErrorKind::Value);
  }
  // `assert` raises with no class (PyTorch: prim::RaiseException("AssertionError: ", None)).
  try {
    run("prim::RaiseException", {"AssertionError: ", IValue()});
    FAIL() << "no exception";
  } catch (const JitException& e) {
    EXPECT_FALSE(e.pythonClassName().has_value());
  }
}

// ---- tuples, lists, dicts ----

TEST(PrimOps, TupleConstructUnpackIndex) {
  NodeOp c = nodeOp("graph(%a : int, %b : str):\n  %t : (int, str) = prim::TupleConstruct(%a, %b)\n  return (%t)\n",
                    "prim::TupleConstruct", "prim::TupleConstruct");
  Stack stack{int64_t{1}, "x"};
  c.op(stack);
  ASSERT_EQ(stack.size(), 1u);
  ASSERT_TRUE(stack[0].isTuple());
  EXPECT_EQ(stack[0].repr(), "(1, 'x')");

  Stack idx = run("prim::TupleIndex", {stack[0], -1});
  EXPECT_EQ(idx.at(0).toStringRef(), "x");
  EXPECT_THROW(run("prim::TupleIndex", {stack[0], 2}), Error);

  Stack unpacked = run("prim::TupleUnpack", {stack[0]});
  ASSERT_EQ(unpacked.size(), 2u);
  EXPECT_EQ(unpacked[0].toInt(), 1);
  EXPECT_EQ(unpacked[1].toStringRef(), "x");
}

TEST(PrimOps, ListConstructTakesTheElementTypeFromTheNode) {
  NodeOp c = nodeOp("graph():\n  %l : str[] = prim::ListConstruct()\n  return (%l)\n", "prim::ListConstruct",
                    "prim::ListConstruct");
  Stack stack;
  c.op(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].toListRef().size(), 0u);
  EXPECT_EQ(stack[0].toListRef().elementType->str(), "str");

  NodeOp c2 = nodeOp("graph(%a : int, %b : int):\n  %l : int[] = prim::ListConstruct(%a, %b)\n  return (%l)\n",
                     "prim::ListConstruct", "prim::ListConstruct");
  Stack s2{int64_t{4}, int64_t{5}};
  c2.op(s2);
  EXPECT_EQ(s2.at(0).toIntVector(), (std::vector<int64_t>{4, 5}));
}

TEST(PrimOps, ListUnpackChecksTheLength) {
  NodeOp u = nodeOp("graph(%l : int[]):\n  %a : int, %b : int = prim::ListUnpack(%l)\n  return (%a, %b)\n",
                    "prim::ListUnpack", "prim::ListUnpack");
  Stack ok{makeIntList({7, 8})};
  u.op(ok);
  ASSERT_EQ(ok.size(), 2u);
  EXPECT_EQ(ok[1].toInt(), 8);
  Stack bad{makeIntList({7, 8, 9})};
  EXPECT_THROW(u.op(bad), Error);
}

TEST(PrimOps, DictConstructKeepsFirstPositionLastValue) {
  // Python: {"a": 1, "b": 2, "a": 3} == {"a": 3, "b": 2}, with "a" first.
  NodeOp c = nodeOp(R"IR(graph(%k1 : str, %v1 : int, %k2 : str, %v2 : int, %k3 : str, %v3 : int):
  %d : Dict(str, int) = prim::DictConstruct(%k1, %v1, %k2, %v2, %k3, %v3)
  return (%d)
)IR",
                    "prim::DictConstruct", "prim::DictConstruct");
  Stack stack{"a", 1, "b", 2, "a", 3};
  c.op(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].repr(), "{'a': 3, 'b': 2}");
  EXPECT_EQ(stack[0].toDictRef().keyType->str(), "str");
}

// ---- objects ----

TEST(PrimOps, GetAttrAndSetAttrUseTheClassSlot) {
  ClassTypePtr cls = ClassType::create("__torch__.PrimOpsTestM");
  cls->addAttribute("x", IntType::get());
  cls->addAttribute("y", FloatType::get());
  IRParseOptions options;
  options.resolveClass = [&](const std::string& name) -> TypePtr { return name == cls->qualifiedName() ? cls : nullptr; };
  NodeOp set = nodeOp("graph(%self : __torch__.PrimOpsTestM, %v : float):\n  = prim::SetAttr[name=\"y\"](%self, %v)\n  return ()\n",
                      "prim::SetAttr", "prim::SetAttr", options);
  NodeOp get = nodeOp("graph(%self : __torch__.PrimOpsTestM):\n  %y : float = prim::GetAttr[name=\"y\"](%self)\n  return (%y)\n",
                      "prim::GetAttr", "prim::GetAttr", options);
  auto obj = ObjectImpl::create(cls);
  Stack s1{IValue(obj), 2.5};
  set.op(s1);
  EXPECT_TRUE(s1.empty());
  EXPECT_EQ(obj->getSlot(1).toDouble(), 2.5);
  Stack s2{IValue(obj)};
  get.op(s2);
  ASSERT_EQ(s2.size(), 1u);
  EXPECT_EQ(s2[0].toDouble(), 2.5);
}

TEST(PrimOps, IsInstanceChecksTheRuntimeType) {
  // PyTorch 1.13 emits prim::isinstance[types=[int]](%x) for isinstance(x, int) on an Any.
  NodeOp i = nodeOp("graph(%x : Any):\n  %b : bool = prim::isinstance[types=[int]](%x)\n  return (%b)\n",
                    "prim::isinstance", "prim::isinstance");
  Stack yes{int64_t{3}};
  i.op(yes);
  EXPECT_TRUE(yes.at(0).toBool());
  Stack no{"3"};
  i.op(no);
  EXPECT_FALSE(no.at(0).toBool());
}

TEST(PrimOps, IdentityAndUnwrap) {
  IValue list = makeIntList({1});
  EXPECT_TRUE(run("aten::__is__", {list, list}).at(0).toBool());
  EXPECT_FALSE(run("aten::__is__", {list, makeIntList({1})}).at(0).toBool());
  EXPECT_TRUE(run("aten::__isnot__", {IValue(), int64_t{0}}).at(0).toBool());
  EXPECT_TRUE(run("aten::__is__", {IValue(), IValue()}).at(0).toBool());
  EXPECT_EQ(run("aten::_unwrap_optional", {int64_t{4}}).at(0).toInt(), 4);
  EXPECT_THROW(run("aten::_unwrap_optional", {IValue()}), Error);
  EXPECT_TRUE(run("prim::Uninitialized", {}).at(0).isUninitialized());
}

// ---- range helpers (independent check: counting Python's range by hand) ----

TEST(PrimOps, RangeLengthMatchesCountingTheRange) {
  for (int64_t lo : {-5, 0, 3}) {
    for (int64_t hi : {-4, 0, 7, 10}) {
      for (int64_t step : {-3, -1, 1, 2}) {
        int64_t n = 0;
        for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) {
          EXPECT_EQ(run("aten::__derive_index", {n, lo, step}).at(0).toInt(), i);
          ++n;
        }
        EXPECT_EQ(run("aten::__range_length", {lo, hi, step}).at(0).toInt(), n) << lo << " " << hi << " " << step;
      }
    }
  }
  EXPECT_THROW(run("aten::__range_length", {0, 5, 0}), Error);
  EXPECT_EQ(run("prim::rangelist", {3}).at(0).toIntVector(), (std::vector<int64_t>{0, 1, 2}));
}

// ---- str() and format ----

TEST(PrimOps, StrAndFormatPrintLikeTorchScript) {
  // PyTorch 1.13: str(1.0) == "1.", str(0.1) == "0.10000000000000001", str([1., 0.5]) == "[1., 0.5]".
  EXPECT_EQ(run("aten::str", {1.0}).at(0).toStringRef(), "1.");
  EXPECT_EQ(run("aten::str", {0.1}).at(0).toStringRef(), "0.10000000000000001");
  EXPECT_EQ(run("aten::str", {makeDoubleList({1.0, 0.5})}).at(0).toStringRef(), "[1., 0.5]");
  EXPECT_EQ(run("aten::str", {true}).at(0).toStringRef(), "True");

  // PyTorch 1.13: "{} and {}".format(2, (1, 2, 3)) == "2 and (1, 2, 3)".
  NodeOp f = nodeOp(R"IR(graph(%s : str, %a : int, %t : (int, int, int)):
  %r : str = aten::format(%s, %a, %t)
  return (%r)
)IR",
                    "aten::format", "aten::format");
  Stack stack{"{} and {}", int64_t{2}, makeTuple({1, 2, 3})};
  f.op(stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].toStringRef(), "2 and (1, 2, 3)");
  Stack few{"{} {} {}", int64_t{2}, makeTuple({1})};  // three fields, two arguments
  EXPECT_THROW(f.op(few), Error);
}

// ---- tensors ----

TEST(PrimOps, NumToTensorDtypes) {
  // PyTorch 1.13: NumToTensor.Scalar(3) is int64, (3.5) float64, (True) int64; NumToTensor.bool is bool.
  EXPECT_EQ(run("prim::NumToTensor.Scalar", {3}).at(0).toTensor().dtype(), kLong);
  EXPECT_EQ(run("prim::NumToTensor.Scalar", {3.5}).at(0).toTensor().dtype(), kDouble);
  Tensor t = run("prim::NumToTensor.Scalar", {true}).at(0).toTensor();
  EXPECT_EQ(t.dtype(), kLong);
  EXPECT_EQ(t.dim(), 0);
  EXPECT_EQ(t.item().toLong(), 1);
  EXPECT_EQ(run("prim::NumToTensor.bool", {true}).at(0).toTensor().dtype(), kBool);
}

TEST(PrimOps, TensorToNumber) {
  EXPECT_EQ(run("aten::Int.Tensor", {ember::tensor({2.7f})}).at(0).toInt(), 2);
  EXPECT_EQ(run("aten::Float.Tensor", {ember::scalar_tensor(3, TensorOptions(kLong))}).at(0).toDouble(), 3.0);
  EXPECT_TRUE(run("aten::Bool.Tensor", {ember::scalar_tensor(0.5)}).at(0).toBool());
  IValue implicit = run("aten::ScalarImplicit", {ember::scalar_tensor(3, TensorOptions(kLong))}).at(0);
  EXPECT_TRUE(implicit.isInt());
  try {
    run("aten::ScalarImplicit", {ember::ones({1})});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "Cannot input a tensor of dimension other than 0 as a scalar argument");
  }
  EXPECT_THROW(run("aten::Int.Tensor", {ember::ones({2})}), Error);
}

TEST(PrimOps, TensorQueries) {
  Tensor t = ember::ones({2, 3});
  EXPECT_EQ(run("aten::size", {t}).at(0).toIntVector(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(run("aten::size.int", {t, -1}).at(0).toInt(), 3);
  EXPECT_THROW(run("aten::size.int", {t, 2}), Error);
  EXPECT_EQ(run("aten::dim", {t}).at(0).toInt(), 2);
  EXPECT_EQ(run("aten::numel", {t}).at(0).toInt(), 6);
  EXPECT_EQ(run("aten::len.Tensor", {t}).at(0).toInt(), 2);
  try {
    run("aten::len.Tensor", {ember::scalar_tensor(1.0)});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "len() of a 0-d tensor");
  }
  // PyTorch 1.13: prim::dtype of a float32 tensor is 6, prim::layout is 0 (torch.strided).
  EXPECT_EQ(run("prim::dtype", {t}).at(0).toInt(), 6);
  EXPECT_EQ(run("prim::layout", {t}).at(0).toInt(), 0);
  EXPECT_FALSE(run("prim::is_cuda", {t}).at(0).toBool());
  EXPECT_TRUE(run("prim::is_cpu", {t}).at(0).toBool());
  EXPECT_TRUE(run("prim::device", {t}).at(0).toDevice().isCpu());
  EXPECT_TRUE(run("prim::index", {Device(DeviceType::CPU)}).at(0).isNone());
  EXPECT_EQ(run("prim::type", {Device::parse("cuda:0")}).at(0).toStringRef(), "cuda");
}

}  // namespace
}  // namespace ember::jit
