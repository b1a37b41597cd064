// propagate_dtype and propagate_device: against the real tensors and PyTorch 1.13's own passes on
// the programs of tests/compat/passes/cases_dtype_device.txt (written by cases_shapes.py), plus
// FileCheck tests of what each pass sets and leaves alone.
#include "passes/dtype_device_propagation.h"

#include <gtest/gtest.h>

#include "ember/core/type.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "ember_test_source_dir.h"
#include "passes/pass_registry.h"
#include "unit/frontend/fixture_reader.h"

namespace ember::jit {
namespace {

using testing::FixtureBlock;

TensorTypePtr parseTensorType(const std::string& text) {
  // PyTorch prints a dtype without a rank as `FloatTensor`, which the IR parser does not read.
  const std::string suffix = "Tensor";
  if (text.size() > suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0)
    return parseTensorType(text.substr(0, text.size() - suffix.size()) + "(*)")->withDim(std::nullopt);
  auto g = std::make_shared<Graph>();
  parseIR("graph(%x : " + text + "):\n  return (%x)\n", *g);
  auto t = std::dynamic_pointer_cast<TensorType>(g->inputs()[0]->type());
  EXPECT_TRUE(t) << text;
  return t ? t : TensorType::get();
}

std::vector<Value*> topLevelValues(const Graph& g) {
  std::vector<Value*> out(g.inputs().begin(), g.inputs().end());
  for (Node* n : g.nodes()) out.insert(out.end(), n->outputs().begin(), n->outputs().end());
  return out;
}

std::vector<std::string> splitBars(const std::string& line) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t bar; (bar = line.find(" | ", start)) != std::string::npos; start = bar + 3)
    parts.push_back(line.substr(start, bar - start));
  parts.push_back(line.substr(start));
  return parts;
}

struct Tally {
  size_t values = 0, dtypes = 0, devices = 0, pytorchDtypes = 0, pytorchDevices = 0;
};

// Runs one pass on the case's graph and checks every top-level tensor value: only the one
// property changed, what it states is the real tensor's, and it knows at least what PyTorch's
// pass knows where that is right. `column` is PyTorch's result in the VALUES lines.
void runCase(const FixtureBlock& b, bool dtype, Tally& tally) {
  SCOPED_TRACE(b.header.at(1) + (dtype ? " propagate_dtype" : " propagate_device"));
  auto g = std::make_shared<Graph>();
  parseIR(*b.section("BODY"), *g);
  std::vector<TypePtr> before;
  for (Value* v : topLevelValues(*g)) before.push_back(v->type());
  if (dtype)
    propagateDtype(g);
  else
    propagateDevice(g);
  g->lint();
  std::vector<Value*> values = topLevelValues(*g);
  std::istringstream lines(*b.section("VALUES"));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    auto parts = splitBars(line);
    ASSERT_EQ(parts.size(), 4u) << line;
    std::istringstream head(parts[0]);
    size_t index;
    std::string name;
    head >> index >> name;
    ASSERT_LT(index, values.size()) << line;
    auto ours = std::dynamic_pointer_cast<TensorType>(values[index]->type());
    auto start = std::dynamic_pointer_cast<TensorType>(before[index]);
    ASSERT_TRUE(ours && start) << line;
    std::string where = name + " = " + ours->refinedStr();
    auto actual = parseTensorType(parts[1]);
    const std::string& theirText = parts[dtype ? 2 : 3];  // "-": PyTorch's pass failed on the graph
    auto theirs = theirText == "-" ? TensorType::get() : parseTensorType(theirText);
    ++tally.values;
    if (dtype) {
      EXPECT_TRUE(ours->equals(*start->withScalarType(ours->scalarType()))) << where << ": only the dtype may change";
      if (ours->scalarType()) {
        EXPECT_EQ(*ours->scalarType(), *actual->scalarType()) << where;
      }
      tally.dtypes += ours->scalarType().has_value();
      if (theirs->scalarType() && theirs->scalarType() == actual->scalarType()) {
        ++tally.pytorchDtypes;
        EXPECT_TRUE(ours->scalarType()) << where << ": PyTorch knows the dtype";
      }
    } else {
      EXPECT_TRUE(ours->equals(*start->withDevice(ours->device()))) << where << ": only the device may change";
      if (ours->device()) {
        EXPECT_TRUE(*ours->device() == *actual->device()) << where;
      }
      tally.devices += ours->device().has_value();
      if (theirs->device() && *theirs->device() == *actual->device()) {
        ++tally.pytorchDevices;
        EXPECT_TRUE(ours->device()) << where << ": PyTorch knows the device";
      }
    }
  }
}

TEST(DtypeDevicePropagation, AgainstPyTorchOnCases) {
  auto path = ember::test::testsDir() / "compat" / "passes" / "cases_dtype_device.txt";
  Tally dtypes, devices;
  size_t cases = 0;
  for (const FixtureBlock& b : testing::readFixture(testing::readFile(path), {"CASE"})) {
    ++cases;
    runCase(b, true, dtypes);
    runCase(b, false, devices);
  }
  EXPECT_GE(cases, 10u) << path;
  // ember's dtypes flow past the first op; PyTorch's stop there (see the header).
  EXPECT_GT(dtypes.dtypes, dtypes.pytorchDtypes);
  EXPECT_GE(devices.devices, devices.pytorchDevices);
  std::printf(
      "dtype/device cases: %zu, tensor values: %zu; dtypes known: %zu (PyTorch: %zu), devices known: %zu "
      "(PyTorch: %zu)\n",
      cases, dtypes.values, dtypes.dtypes, dtypes.pytorchDtypes, devices.devices, devices.pytorchDevices);
}

std::shared_ptr<Graph> parsed(const std::string& ir) {
  auto g = std::make_shared<Graph>();
  parseIR(ir, *g);
  return g;
}

TEST(DtypeDevicePropagation, DtypeOnly) {
  const std::string ir = R"IR(
graph(%x : Float(*, *, device=cpu), %i : Long(*, *, device=cpu), %z : Double(device=cpu), %u : Tensor):
  %one : int = prim::Constant[value=1]()
  %none : NoneType = prim::Constant()
  %f : bool = prim::Constant[value=0]()
  # CHECK: FloatTensor = aten::add(%x, %i
  %a : Tensor = aten::add(%x, %i, %one)
  # CHECK: FloatTensor = aten::relu
  %r : Tensor = aten::relu(%a)
  # CHECK: FloatTensor = aten::add
  %p : Tensor = aten::add(%r, %z, %one)
  # CHECK: BoolTensor = aten::gt
  %c : Tensor = aten::gt(%p, %i)
  # CHECK: LongTensor = aten::argmax
  %m : Tensor = aten::argmax(%x, %none, %f)
  # CHECK: FloatTensor = aten::div
  %d : Tensor = aten::div(%i, %i)
  # CHECK: Tensor = aten::add(%x, %u
  %q : Tensor = aten::add(%x, %u, %one)
  # CHECK: Tensor = aten::mm(%x, %i)
  %mm : Tensor = aten::mm(%x, %i)
  return (%c, %m, %d, %q, %mm)
)IR";
  auto g = parsed(ir);
  EXPECT_TRUE(propagateDtype(g));
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
  EXPECT_FALSE(propagateDtype(g)) << "a second run changes nothing";
}

TEST(DtypeDevicePropagation, DeviceOnly) {
  const std::string ir = R"IR(
graph(%x : Tensor(device=cpu), %y : Tensor(device=cpu), %u : Tensor, %n : int):
  %one : int = prim::Constant[value=1]()
  %none : NoneType = prim::Constant()
  %f : bool = prim::Constant[value=0]()
  # CHECK: Tensor(device=cpu) = aten::add
  %a : Tensor = aten::add(%x, %y, %one)
  # CHECK: %i : Tensor(device=cpu) = aten::sort
  %v : Tensor, %i : Tensor = aten::sort(%a, %one, %f)
  # CHECK: Tensor(device=cpu) = aten::cumsum
  %s : Tensor = aten::cumsum(%v, %one, %none)
  # CHECK: Tensor = aten::add(%x, %u
  %q : Tensor = aten::add(%x, %u, %one)
  # CHECK: Tensor(device=cpu) = aten::mul(%x, %n)
  %w : Tensor = aten::mul(%x, %n)
  %sz : int[] = prim::ListConstruct(%n)
  # CHECK: Tensor(device=cpu) = aten::zeros
  %z : Tensor = aten::zeros(%sz, %none, %none, %none, %none)
  return (%i, %s, %q, %w, %z)
)IR";
  auto g = parsed(ir);
  EXPECT_TRUE(propagateDevice(g));
  g->lint();
  FileCheck::runAnnotated(ir, g->toString());
  for (Node* n : g->nodes()) {
    Value* v = n->outputs().empty() ? nullptr : n->outputs()[0];
    auto t = v ? std::dynamic_pointer_cast<TensorType>(v->type()) : nullptr;
    if (t) {
      EXPECT_FALSE(t->scalarType() || t->dim()) << v->debugName() << ": only devices are set";
    }
  }
}

TEST(DtypeDevicePropagation, RegisteredUnderPyTorchNames) {
  for (const char* name : {"propagate_dtype", "propagate_device"}) EXPECT_TRUE(findPass(name)) << name;
}

}  // namespace
}  // namespace ember::jit
