// The C++ half of the aten-operator differential tests (see README.md here): for every case
// gen.py recorded, pushes PyTorch's arguments on a Stack, runs the operator registered under the
// same schema name and compares its outputs with PyTorch's (dtype, shape, values with
// tolerances; optionally strides), or expects an ember::Error where PyTorch raised.
//
//   ember_compat_ops_tests --fixtures DIR [gtest flags]
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "ember/core/operator.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "fixture_main.h"
#include "ember/runtime/graph_executor.h"
#include "ember/tensor.h"

namespace ember::jit {
namespace {

using nlohmann::json;

double decodeDouble(const json& v) {
  if (v.is_object()) {
    std::string s = v.at("float").get<std::string>();
    if (s == "nan") return std::nan("");
    return s == "inf" ? INFINITY : -INFINITY;
  }
  return v.get<double>();
}

Tensor decodeTensor(const json& spec) {
  ScalarType dtype = parseScalarType(spec.at("dtype").get<std::string>());
  std::vector<int64_t> shape = spec.at("shape").get<std::vector<int64_t>>();
  const json& data = spec.at("data");
  int64_t n = static_cast<int64_t>(data.size());
  Tensor t;
  if (dtype == ScalarType::Bool) {
    std::vector<uint8_t> v;
    for (const json& e : data) v.push_back(e.get<bool>());
    t = tensorFromData(v.data(), n, ScalarType::Bool, shape, ScalarType::Bool);
  } else if (isFloatingType(dtype)) {
    std::vector<double> v;
    for (const json& e : data) v.push_back(decodeDouble(e));
    t = tensorFromData(v.data(), n, ScalarType::Double, shape, dtype);
  } else {
    std::vector<int64_t> v;
    for (const json& e : data) v.push_back(e.get<int64_t>());
    t = tensorFromData(v.data(), n, ScalarType::Long, shape, dtype);
  }
  if (spec.contains("perm")) t = t.permute(spec.at("perm").get<std::vector<int64_t>>());
  return t;
}

TypePtr typeOfElem(const std::string& elem) {
  if (elem == "int") return IntType::get();
  if (elem == "float") return FloatType::get();
  if (elem == "bool") return BoolType::get();
  if (elem == "Tensor") return TensorType::get();
  if (elem == "Optional[Tensor]") return OptionalType::create(TensorType::get());
  return nullptr;  // generic (`t`): inferred from the elements
}

IValue decode(const json& v);

// The list's element type: the schema's, else what the elements are (nested lists of numbers
// for aten::tensor's `t[] data`).
IValue decodeList(const json& v) {
  std::vector<IValue> elems;
  for (const json& e : v.at("list")) elems.push_back(decode(e));
  TypePtr elemType = typeOfElem(v.at("elem").get<std::string>());
  if (!elemType) {
    elemType = elems.empty() ? TypePtr(FloatType::get()) : elems[0].type();
  }
  return makeList(elemType, std::move(elems));
}

IValue decode(const json& v) {
  if (v.is_null()) return IValue();
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number_integer()) return v.get<int64_t>();
  if (v.is_number_float()) return v.get<double>();
  if (v.is_string()) return v.get<std::string>();
  if (v.contains("float")) return decodeDouble(v);
  if (v.contains("tensor")) return decodeTensor(v.at("tensor"));
  if (v.contains("list")) return decodeList(v);
  if (v.contains("dtype")) return static_cast<int64_t>(parseScalarType(v.at("dtype").get<std::string>()));
  if (v.contains("device")) return Device::parse(v.at("device").get<std::string>());
  throw std::runtime_error("cannot decode " + v.dump());
}

struct Tolerance {
  double rtol;
  double atol;
};
Tolerance defaultTolerance(ScalarType t) {
  switch (t) {
    case ScalarType::Half:
      return {1e-3, 1e-5};
    case ScalarType::BFloat16:
      return {1.6e-2, 1e-5};
    case ScalarType::Float:
      return {1.3e-6, 1e-5};
    case ScalarType::Double:
      return {1e-7, 1e-7};
    default:
      return {0, 0};
  }
}

std::string shapeStr(IntArrayRef s) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < s.size(); ++i) os << (i ? ", " : "") << s[i];
  os << "]";
  return os.str();
}

void compareTensor(const Tensor& actual, const json& expectedJson, const json& c, const std::string& what) {
  Tensor expected = decodeTensor(expectedJson.at("tensor"));
  ASSERT_TRUE(actual.defined()) << what << ": undefined tensor";
  EXPECT_EQ(actual.dtype(), expected.dtype()) << what;
  ASSERT_EQ(shapeStr(actual.sizes()), shapeStr(expected.sizes())) << what;
  if (c.value("check_strides", false)) {
    std::vector<int64_t> strides = expectedJson.at("tensor").at("strides").get<std::vector<int64_t>>();
    EXPECT_EQ(shapeStr(actual.strides()), shapeStr(strides)) << what << ": strides";
  }
  if (!c.value("check_values", true) || actual.dtype() != expected.dtype()) return;
  std::vector<Scalar> a = actual.scalars(), e = expected.scalars();
  Tolerance tol = defaultTolerance(expected.dtype());
  if (c.contains("rtol")) tol.rtol = c.at("rtol").get<double>();
  if (c.contains("atol")) tol.atol = c.at("atol").get<double>();
  int mismatches = 0;
  for (size_t i = 0; i < e.size() && mismatches < 5; ++i) {
    bool ok;
    if (isFloatingType(expected.dtype())) {
      double x = a[i].toDouble(), y = e[i].toDouble();
      ok = (std::isnan(x) && std::isnan(y)) || x == y || std::abs(x - y) <= tol.atol + tol.rtol * std::abs(y);
    } else {
      ok = a[i].toLong() == e[i].toLong();
    }
    if (!ok) {
      ++mismatches;
      ADD_FAILURE() << what << ": element " << i << " is " << a[i] << ", PyTorch gives " << e[i];
    }
  }
}

void compareValue(const IValue& actual, const json& expected, const json& c, const std::string& what) {
  if (expected.is_null()) {
    // PyTorch hands an undefined tensor result (need_weights=False weights) to Python as None.
    EXPECT_TRUE(actual.isNone() || (actual.isTensor() && !actual.toTensor().defined()))
        << what << ": expected None, got " << actual.tagKind();
  } else if (expected.is_object() && expected.contains("tensor")) {
    ASSERT_TRUE(actual.isTensor()) << what << ": expected a Tensor, got " << actual.tagKind();
    compareTensor(actual.toTensor(), expected, c, what);
  } else if (expected.is_object() && expected.contains("list")) {
    ASSERT_TRUE(actual.isList()) << what << ": expected a list, got " << actual.tagKind();
    const auto& elems = actual.toListRef().elements;
    ASSERT_EQ(elems.size(), expected.at("list").size()) << what;
    for (size_t i = 0; i < elems.size(); ++i)
      compareValue(elems[i], expected.at("list")[i], c, what + "[" + std::to_string(i) + "]");
  } else if (expected.is_object() && expected.contains("dtype")) {
    ASSERT_TRUE(actual.isInt()) << what;
    EXPECT_EQ(actual.toInt(), static_cast<int64_t>(parseScalarType(expected.at("dtype").get<std::string>()))) << what;
  } else if (expected.is_boolean()) {
    ASSERT_TRUE(actual.isBool()) << what << ": expected a bool, got " << actual.tagKind();
    EXPECT_EQ(actual.toBool(), expected.get<bool>()) << what;
  } else if (expected.is_number_integer()) {
    ASSERT_TRUE(actual.isInt()) << what << ": expected an int, got " << actual.tagKind();
    EXPECT_EQ(actual.toInt(), expected.get<int64_t>()) << what;
  } else {
    ASSERT_TRUE(actual.isDouble()) << what << ": expected a float, got " << actual.tagKind();
    double y = decodeDouble(expected);
    EXPECT_TRUE((std::isnan(y) && std::isnan(actual.toDouble())) || actual.toDouble() == y)
        << what << ": " << actual.toDouble() << " vs " << y;
  }
}

// A whole graph (cases made by Collector.add_graph): parsed from PyTorch's text and run by the
// graph executor, outputs compared as operator results are.
void runGraphCase(const json& c) {
  auto graph = std::make_shared<Graph>();
  try {
    parseIR(c.at("graph").get<std::string>(), *graph);
  } catch (const Error& e) {
    FAIL() << "the graph does not parse: " << e.what();
  }
  Stack stack;
  for (const json& a : c.at("args")) stack.push_back(decode(a));
  try {
    GraphExecutor executor(graph, c.at("name").get<std::string>());
    executor.run(stack);
  } catch (const Error& e) {
    FAIL() << "the graph threw: " << e.what();
  }
  const json& outputs = c.at("outputs");
  ASSERT_EQ(stack.size(), outputs.size()) << "the graph returned the wrong number of results";
  for (size_t i = 0; i < outputs.size(); ++i) compareValue(stack[i], outputs[i], c, "output " + std::to_string(i));
}

void runCase(const json& c) {
  if (c.contains("graph")) {
    runGraphCase(c);
    return;
  }
  const std::string op = c.at("op").get<std::string>();
  OperatorPtr entry = OperatorRegistry::global().findOperator(std::string_view(op));
  ASSERT_NE(entry, nullptr) << op << " is not registered";
  Stack stack;
  for (const json& a : c.at("args")) stack.push_back(decode(a));
  Stack inputs = stack;  // keeps the argument tensors to check aliasing of written results
  if (c.contains("seed")) manual_seed(c.at("seed").get<uint64_t>());
  if (c.contains("error")) {
    const json& err = c.at("error");
    EXPECT_THROW(entry->operation()(stack), Error)
        << "PyTorch raises " << err.at("type").get<std::string>() << ": " << err.at("message").get<std::string>();
    return;
  }
  try {
    entry->operation()(stack);
  } catch (const Error& e) {
    FAIL() << op << " threw: " << e.what();
  }
  const json& outputs = c.at("outputs");
  ASSERT_EQ(stack.size(), outputs.size()) << op << " pushed the wrong number of results";
  std::vector<int64_t> aliasOf = c.at("alias_of").get<std::vector<int64_t>>();
  for (size_t i = 0; i < outputs.size(); ++i) {
    std::string what = op + " output " + std::to_string(i);
    compareValue(stack[i], outputs[i], c, what);
    if (i < aliasOf.size() && aliasOf[i] >= 0 && stack[i].isTensor()) {
      EXPECT_TRUE(stack[i].toTensor().is_same(inputs[aliasOf[i]].toTensor()))
          << what << " must be argument " << aliasOf[i] << " itself";
    }
  }
}

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) { return ember::testing_support::runFixtureSuite(argc, argv, ember::jit::runCase); }
