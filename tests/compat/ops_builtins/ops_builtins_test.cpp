// Differential tests of the scalar/list/dict/str builtin operators: gen.py recorded what
// PyTorch 1.13 returns (or the error it raises) for each case; here ember runs the same
// operator, found by its exact name in the registry, on the same inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "ember/core/function_schema.h"
#include "ember/core/ivalue.h"
#include "ember/core/operator.h"

namespace ember::jit {
namespace {

using json = nlohmann::json;

std::string gFixtures;

namespace ops_test {
double numberOf(const IValue& v) { return v.isInt() ? static_cast<double>(v.toInt()) : v.toDouble(); }
}  // namespace ops_test

double jsonDouble(const json& j) {
  if (j.is_object()) {
    std::string s = j.at("float");
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    return s == "inf" ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  }
  return j.get<double>();
}

IValue fromJson(const json& j) {
  if (j.is_null()) return IValue();
  if (j.is_boolean()) return IValue(j.get<bool>());
  if (j.is_number_integer()) return IValue(j.get<int64_t>());
  if (j.is_number_float()) return IValue(j.get<double>());
  if (j.is_string()) return IValue(j.get<std::string>());
  if (j.contains("float")) return IValue(jsonDouble(j));
  if (j.contains("complex")) return IValue(std::complex<double>(jsonDouble(j.at("complex")[0]), jsonDouble(j.at("complex")[1])));
  if (j.contains("list")) {
    TypePtr elem = parseSchemaType(j.contains("elem") ? j.at("elem").get<std::string>() : "int");
    std::vector<IValue> elems;
    for (const json& e : j.at("list")) elems.push_back(fromJson(e));
    return makeList(elem, std::move(elems));
  }
  if (j.contains("tuple")) {
    std::vector<IValue> elems;
    for (const json& e : j.at("tuple")) elems.push_back(fromJson(e));
    return makeTuple(std::move(elems));
  }
  if (j.contains("dict")) {
    auto d = DictImpl::create(parseSchemaType(j.at("key").get<std::string>()), parseSchemaType(j.at("value").get<std::string>()));
    for (const json& kv : j.at("dict")) d->insertOrAssign(fromJson(kv.at(0)), fromJson(kv.at(1)));
    return IValue(d);
  }
  throw std::runtime_error("cannot decode " + j.dump());
}

bool sameDouble(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (a == b) return std::signbit(a) == std::signbit(b);
  // libm results may differ from PyTorch's build in the last bits of transcendental functions.
  return std::fabs(a - b) <= 4 * std::numeric_limits<double>::epsilon() * std::fabs(b);
}

// Empty when `v` matches the expected JSON value (type-strict), else a description.
std::string diff(const IValue& v, const json& j) {
  std::ostringstream got;
  got << v.repr() << " (" << v.tagKind() << ")";
  auto mismatch = [&] { return "expected " + j.dump() + ", got " + got.str(); };
  if (j.is_null()) return v.isNone() ? "" : mismatch();
  if (j.is_boolean()) return v.isBool() && v.toBool() == j.get<bool>() ? "" : mismatch();
  if (j.is_number_integer()) return v.isInt() && v.toInt() == j.get<int64_t>() ? "" : mismatch();
  if (j.is_number_float() || (j.is_object() && j.contains("float")))
    return v.isDouble() && sameDouble(v.toDouble(), jsonDouble(j)) ? "" : mismatch();
  if (j.is_string()) return v.isString() && v.toStringRef() == j.get<std::string>() ? "" : mismatch();
  if (j.is_object() && j.contains("complex")) {
    const json& parts = j.at("complex");
    return v.isComplexDouble() && sameDouble(v.toComplexDouble().real(), jsonDouble(parts[0])) &&
                   sameDouble(v.toComplexDouble().imag(), jsonDouble(parts[1]))
               ? ""
               : mismatch();
  }
  auto seq = [&](const std::vector<IValue>& elems, const json& items) -> std::string {
    if (elems.size() != items.size()) return mismatch();
    for (size_t i = 0; i < elems.size(); ++i)
      if (std::string d = diff(elems[i], items[i]); !d.empty()) return "[" + std::to_string(i) + "] " + d;
    return "";
  };
  if (j.contains("list")) return v.isList() ? seq(v.toListRef().elements, j.at("list")) : mismatch();
  if (j.contains("tuple")) return v.isTuple() ? seq(v.toTupleRef().elements, j.at("tuple")) : mismatch();
  if (j.contains("dict")) {
    if (!v.isGenericDict()) return mismatch();
    auto items = v.toDictRef().items();
    const json& exp = j.at("dict");
    if (items.size() != exp.size()) return mismatch();
    for (size_t i = 0; i < items.size(); ++i) {
      if (!diff(items[i].first, exp[i][0]).empty() || !diff(items[i].second, exp[i][1]).empty()) return mismatch();
    }
    return "";
  }
  return "cannot compare with " + j.dump();
}

void runFamily(const std::string& family) {
  std::ifstream in(gFixtures + "/" + family + ".json");
  ASSERT_TRUE(in) << "missing fixture " << gFixtures << "/" << family << ".json (run gen.py)";
  json cases = json::parse(in);
  ASSERT_FALSE(cases.empty());
  for (const json& c : cases) {
    std::string op = c.at("op");
    SCOPED_TRACE(op + " " + c.at("args").dump());
    OperatorPtr oper = OperatorRegistry::global().findOperator(op);
    ASSERT_TRUE(oper) << op << " is not registered";
    Stack stack;
    for (const json& a : c.at("args")) stack.push_back(fromJson(a));
    Stack inputs = stack;  // references to mutable inputs (lists, dicts) stay valid
    if (c.contains("error")) {
      try {
        oper->getOperation()(stack);
        ADD_FAILURE() << "expected an error" << (c.at("error").is_null() ? "" : ": " + c.at("error").get<std::string>());
      } catch (const Error& e) {
        if (!c.at("error").is_null() && !c.value("any_message", false)) {
          EXPECT_EQ(e.message(), c.at("error").get<std::string>());
        }
      }
      continue;
    }
    try {
      oper->getOperation()(stack);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "threw: " << e.what();
      continue;
    }
    size_t nret = oper->schema().returns().size();
    ASSERT_EQ(stack.size(), nret) << "stack has " << stack.size() << " values after the call";
    const json& expected = c.at("expected");
    // Python shows an op without outputs as None or (), and one with several as a tuple.
    auto checkResult = [&](const json& exp) {
      if (nret == 0) {
        EXPECT_TRUE(exp.is_null() || (exp.is_object() && exp.contains("tuple") && exp.at("tuple").empty()))
            << "an op without outputs; expected " << exp.dump();
      } else if (nret == 1 && c.value("loose_type", false)) {
        EXPECT_TRUE(stack[0].isScalar() && ops_test::numberOf(stack[0]) == exp.get<double>()) << exp.dump();
      } else if (nret == 1) {
        EXPECT_EQ(diff(stack[0], exp), "");
      } else {
        const json& items = exp.at("tuple");
        ASSERT_EQ(items.size(), nret);
        for (size_t i = 0; i < nret; ++i) EXPECT_EQ(diff(stack[i], items[i]), "") << "(output " << i << ")";
      }
    };
    if (c.contains("mutates")) {
      const json& items = expected.at("tuple");
      checkResult(items[0]);
      EXPECT_EQ(diff(inputs[c.at("mutates").get<size_t>()], items[1]), "") << "(mutated argument)";
    } else {
      checkResult(expected);
    }
  }
}

TEST(scalar, pytorch) { runFamily("scalar"); }
TEST(list, pytorch) { runFamily("list"); }
TEST(dict, pytorch) { runFamily("dict"); }
TEST(str, pytorch) { runFamily("str"); }
TEST(complex, pytorch) { runFamily("complex"); }

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--fixtures") == 0) ember::jit::gFixtures = argv[i + 1];
  return RUN_ALL_TESTS();
}
