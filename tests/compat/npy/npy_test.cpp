// Reads the .npy files NumPy wrote (gen_npy.py) and compares with NumPy's values; writes each back
// as <name>.ember.npy for check_npy.py, and feeds malformed files that must give clear errors.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ember/error.h"
#include "ember/serialization/npy.h"
#include "ember/tensor.h"

namespace ember::jit {
namespace {

std::string fixtureDir() {
  const char* d = std::getenv("EMBER_NPY_FIXTURES");
  return d ? d : "";
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ScalarType dtypeNamed(const std::string& name) {
  if (name == "float16") return ScalarType::Half;
  if (name == "float32") return ScalarType::Float;
  if (name == "float64") return ScalarType::Double;
  if (name == "int8") return ScalarType::Char;
  if (name == "int16") return ScalarType::Short;
  if (name == "int32") return ScalarType::Int;
  if (name == "int64") return ScalarType::Long;
  if (name == "bool8") return ScalarType::Bool;
  ADD_FAILURE() << "unknown dtype " << name;
  return ScalarType::Undefined;
}

TEST(Npy, ReadsWhatNumpyWritesAndWritesWhatNumpyReads) {
  if (fixtureDir().empty()) GTEST_SKIP() << "EMBER_NPY_FIXTURES not set";
  auto expected = nlohmann::json::parse(readFile(fixtureDir() + "/expected.json"));
  ASSERT_GE(expected.size(), 10u);
  for (auto& [name, want] : expected.items()) {
    SCOPED_TRACE(name);
    Tensor t = loadNpy(fixtureDir() + "/" + name + ".npy");
    std::string dtype = want["dtype"];
    ScalarType st = name == "u1" ? ScalarType::Byte : dtypeNamed(dtype);
    EXPECT_EQ(t.dtype(), st);
    EXPECT_EQ(std::vector<int64_t>(t.sizes().begin(), t.sizes().end()), want["shape"].get<std::vector<int64_t>>());
    Tensor flat = t.reshape({-1}).to(ScalarType::Double);
    const auto& data = want["data"];
    ASSERT_EQ(flat.numel(), static_cast<int64_t>(data.size()));
    for (size_t i = 0; i < data.size(); ++i) {
      double w = data[i].is_boolean() ? double(data[i].get<bool>()) : data[i].get<double>();
      EXPECT_EQ(flat.data_ptr<double>()[i], w) << "element " << i;
    }
    saveNpy(t, fixtureDir() + "/" + name + ".ember.npy");
  }
}

TEST(Npy, MalformedFilesGiveClearErrors) {
  auto expectError = [](const std::string& bytes, const std::string& what) {
    try {
      parseNpy(bytes);
      ADD_FAILURE() << "no error for " << what;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("npy:"), std::string::npos) << e.what();
    }
  };
  Tensor t = arange(6, TensorOptions(ScalarType::Float)).reshape({2, 3});
  std::string good = serializeNpy(t);
  Tensor back = parseNpy(good);
  ASSERT_EQ(back.dtype(), ScalarType::Float);
  ASSERT_EQ(back.numel(), 6);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(back.data_ptr<float>()[i], float(i));
  expectError("", "empty");
  expectError("PK\x03\x04garbage", "bad magic");
  for (size_t cut : {size_t(7), size_t(9), size_t(20), good.size() - 1}) expectError(good.substr(0, cut), "truncated");
  std::string huge = good;
  size_t shape = huge.find("(2, 3)");
  huge.replace(shape, 6, "(999999999999, 3)");
  // Keep the header length field consistent: the replacement lengthens the header.
  std::string header = huge.substr(10, huge.find('\n') - 10 + 1);
  huge[8] = static_cast<char>(header.size() & 0xff);
  huge[9] = static_cast<char>(header.size() >> 8);
  expectError(huge, "huge shape");
  std::string object = good;
  object.replace(object.find("<f4"), 3, "|O8");
  expectError(object, "object dtype");
}

}  // namespace
}  // namespace ember::jit
