// Loads the fixtures gen.py wrote, registers one GoogleTest per case, and compares ember's
// results with PyTorch's. Run: ember_compat_tensor_tests --fixtures DIR [--gtest_filter=family.*]
#include "harness.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

namespace ember::compat {

namespace {

std::map<std::string, Adapter>& adapters() {
  static std::map<std::string, Adapter> registry;
  return registry;
}

const nlohmann::json* lookup(const nlohmann::json& args, const std::string& key) {
  auto it = args.find(key);
  if (it == args.end() || it->is_null()) return nullptr;
  return &*it;
}

double decodeDouble(const nlohmann::json& v) {
  if (v.is_object() && v.contains("float")) {
    std::string s = v["float"].get<std::string>();
    if (s == "nan") return std::nan("");
    return s == "inf" ? INFINITY : -INFINITY;
  }
  return v.get<double>();
}

}  // namespace

bool registerAdapter(const std::string& op, Adapter fn) {
  if (!adapters().emplace(op, fn).second) {
    std::fprintf(stderr, "duplicate compat adapter '%s'\n", op.c_str());
    std::abort();  // a programming error in the test sources, caught at startup
  }
  return true;
}

const Adapter* findAdapter(const std::string& op) {
  auto it = adapters().find(op);
  return it == adapters().end() ? nullptr : &it->second;
}

Scalar toScalar(const nlohmann::json& v) {
  if (v.is_boolean()) return Scalar(v.get<bool>());
  if (v.is_number_integer()) return Scalar(v.get<int64_t>());
  return Scalar(decodeDouble(v));
}

Scalar scalarArg(const nlohmann::json& args, const std::string& key, Scalar fallback) {
  const auto* v = lookup(args, key);
  return v ? toScalar(*v) : fallback;
}
int64_t intArg(const nlohmann::json& args, const std::string& key, int64_t fallback) {
  const auto* v = lookup(args, key);
  return v ? v->get<int64_t>() : fallback;
}
double doubleArg(const nlohmann::json& args, const std::string& key, double fallback) {
  const auto* v = lookup(args, key);
  return v ? decodeDouble(*v) : fallback;
}
bool boolArg(const nlohmann::json& args, const std::string& key, bool fallback) {
  const auto* v = lookup(args, key);
  return v ? v->get<bool>() : fallback;
}
std::string stringArg(const nlohmann::json& args, const std::string& key, const std::string& fallback) {
  const auto* v = lookup(args, key);
  return v ? v->get<std::string>() : fallback;
}
std::vector<int64_t> intListArg(const nlohmann::json& args, const std::string& key, std::vector<int64_t> fallback) {
  const auto* v = lookup(args, key);
  if (!v) return fallback;
  if (v->is_number_integer()) return {v->get<int64_t>()};
  return v->get<std::vector<int64_t>>();
}
std::optional<int64_t> optionalIntArg(const nlohmann::json& args, const std::string& key) {
  const auto* v = lookup(args, key);
  return v ? std::optional<int64_t>(v->get<int64_t>()) : std::nullopt;
}
std::optional<double> optionalDoubleArg(const nlohmann::json& args, const std::string& key) {
  const auto* v = lookup(args, key);
  return v ? std::optional<double>(decodeDouble(*v)) : std::nullopt;
}
std::optional<Scalar> optionalScalarArg(const nlohmann::json& args, const std::string& key) {
  const auto* v = lookup(args, key);
  return v ? std::optional<Scalar>(toScalar(*v)) : std::nullopt;
}
std::optional<std::string> optionalStringArg(const nlohmann::json& args, const std::string& key) {
  const auto* v = lookup(args, key);
  return v ? std::optional<std::string>(v->get<std::string>()) : std::nullopt;
}
std::optional<ScalarType> dtypeArg(const nlohmann::json& args, const std::string& key) {
  const auto* v = lookup(args, key);
  return v ? std::optional<ScalarType>(parseScalarType(v->get<std::string>())) : std::nullopt;
}
bool hasArg(const nlohmann::json& args, const std::string& key) { return lookup(args, key) != nullptr; }

Tensor scalarTensor(const Scalar& value) {
  Tensor t = empty({}, value.type());
  visitDtype(value.type(), [&]<typename T>() { *static_cast<T*>(t.data_ptr()) = value.to<T>(); });
  return t;
}

namespace {

// ---- fixtures ----

struct Family {
  std::string name;
  std::vector<char> blob;
  nlohmann::json cases;
};

std::vector<std::unique_ptr<Family>>& families() {
  static std::vector<std::unique_ptr<Family>> all;
  return all;
}

const char* blobSpan(const Family& f, const nlohmann::json& spec) {
  size_t off = spec.at("data_offset").get<size_t>(), n = spec.at("data_nbytes").get<size_t>();
  if (off + n > f.blob.size()) throw std::runtime_error("fixture blob too short for " + spec.dump());
  return f.blob.data() + off;
}

std::vector<Tensor> loadInputs(const Family& f, const nlohmann::json& specs) {
  std::map<int64_t, Storage> storages;
  std::vector<Tensor> inputs;
  for (const auto& spec : specs) {
    int64_t id = spec.at("storage").get<int64_t>();
    size_t nbytes = spec.at("data_nbytes").get<size_t>();
    if (!storages.count(id)) {
      Storage s = Storage::allocate(nbytes);
      if (nbytes) std::memcpy(s.data(), blobSpan(f, spec), nbytes);
      storages[id] = s;
    }
    inputs.push_back(Tensor::make(storages[id], parseScalarType(spec.at("dtype").get<std::string>()),
                                  spec.at("sizes").get<std::vector<int64_t>>(),
                                  spec.at("strides").get<std::vector<int64_t>>(),
                                  spec.at("storage_offset").get<int64_t>()));
  }
  return inputs;
}

// ---- comparison ----

struct Tolerance {
  double rtol, atol;
};

Tolerance defaultTolerance(ScalarType t) {
  switch (t) {
    case ScalarType::Half: return {1e-3, 1e-5};
    case ScalarType::BFloat16: return {1.6e-2, 1e-5};
    case ScalarType::Float: return {1.3e-6, 1e-5};
    case ScalarType::Double: return {1e-7, 1e-7};
    default: return {0, 0};
  }
}

// Reads element `i` (row-major over sizes) of a strided tensor as double, or as int64 bits.
template <typename T>
T elementAt(const char* base, IntArrayRef sizes, IntArrayRef strides, int64_t linear) {
  int64_t offset = 0;
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    offset += (linear % sizes[d]) * strides[d];
    linear /= sizes[d];
  }
  return reinterpret_cast<const T*>(base)[offset];
}

std::string describeMismatch(const Tensor& actual, const char* expected, const Tolerance& tol) {
  std::ostringstream out;
  int64_t shown = 0, bad = 0;
  DimVector contiguous = contiguousStrides(actual.sizes());
  const char* got = static_cast<const char*>(actual.data_ptr());
  visitDtype(actual.dtype(), [&]<typename T>() {
    for (int64_t i = 0; i < actual.numel(); ++i) {
      T a = elementAt<T>(got, actual.sizes(), actual.strides(), i);
      T e = elementAt<T>(expected, actual.sizes(), contiguous, i);
      bool ok;
      if constexpr (std::is_integral_v<T>) {
        ok = a == e;
      } else {
        double da = static_cast<double>(static_cast<opmath_t<T>>(a)),
               de = static_cast<double>(static_cast<opmath_t<T>>(e));
        if (std::isnan(de)) ok = std::isnan(da);
        else if (std::isinf(de)) ok = da == de;
        else ok = std::fabs(da - de) <= tol.atol + tol.rtol * std::fabs(de);
      }
      if (!ok) {
        ++bad;
        if (shown++ < 5) {
          out << "  at flat index " << i << ": ember " << +static_cast<opmath_t<T>>(a) << ", PyTorch "
              << +static_cast<opmath_t<T>>(e) << "\n";
        }
      }
    }
  });
  if (bad == 0) return "";
  std::ostringstream head;
  head << bad << " of " << actual.numel() << " elements differ (rtol " << tol.rtol << ", atol " << tol.atol
       << "):\n";
  return head.str() + out.str();
}

void compareOutput(const Family& f, const nlohmann::json& c, size_t k, const Tensor& actual,
                   const nlohmann::json& spec) {
  SCOPED_TRACE("output " + std::to_string(k));
  ASSERT_TRUE(actual.defined()) << "ember returned an undefined tensor";
  ScalarType want = parseScalarType(spec.at("dtype").get<std::string>());
  ASSERT_EQ(scalarTypeName(actual.dtype()), std::string(scalarTypeName(want))) << "dtype differs";
  auto sizes = spec.at("sizes").get<std::vector<int64_t>>();
  ASSERT_EQ(actual.sizes().vec(), sizes) << "shape differs";
  if (c.value("check_strides", false)) {
    EXPECT_EQ(actual.strides().vec(), spec.at("strides").get<std::vector<int64_t>>()) << "strides differ";
  }
  Tolerance tol = defaultTolerance(want);
  if (c.contains("rtol")) tol.rtol = c["rtol"].get<double>();
  if (c.contains("atol")) tol.atol = c["atol"].get<double>();
  std::string mismatch = describeMismatch(actual, blobSpan(f, spec), tol);
  EXPECT_TRUE(mismatch.empty()) << mismatch;
}

class CaseTest : public ::testing::Test {
 public:
  CaseTest(const Family* family, const nlohmann::json* c) : family_(family), case_(c) {}
  void TestBody() override {
    const nlohmann::json& c = *case_;
    const Adapter* adapter = findAdapter(c.at("op").get<std::string>());
    ASSERT_NE(adapter, nullptr) << "no C++ adapter registered for op '" << c["op"].get<std::string>() << "'";
    std::vector<Tensor> inputs = loadInputs(*family_, c.at("inputs"));
    if (c.contains("error")) {
      try {
        (*adapter)(inputs, c.at("args"));
      } catch (const Error& e) {
        if (c.contains("error_contains")) {
          EXPECT_NE(std::string(e.what()).find(c["error_contains"].get<std::string>()), std::string::npos)
              << "ember's error: " << e.what() << "\nexpected to contain: " << c["error_contains"];
        }
        return;
      }
      FAIL() << "PyTorch raised \"" << c["error"].get<std::string>() << "\" but ember returned a result";
    }
    std::vector<Tensor> outputs;
    try {
      outputs = (*adapter)(inputs, c.at("args"));
    } catch (const std::exception& e) {
      FAIL() << "ember raised: " << e.what();
    }
    const auto& expected = c.at("outputs");
    ASSERT_EQ(outputs.size(), expected.size()) << "number of outputs differs";
    for (size_t k = 0; k < outputs.size(); ++k) compareOutput(*family_, c, k, outputs[k], expected[k]);
  }

 private:
  const Family* family_;
  const nlohmann::json* case_;
};

std::string testName(std::string name) {
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

void loadFixtures(const std::filesystem::path& dir) {
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    auto family = std::make_unique<Family>();
    family->name = entry.path().stem().string();
    std::ifstream js(entry.path());
    family->cases = nlohmann::json::parse(js).at("cases");
    std::ifstream bin(entry.path().parent_path() / (family->name + ".bin"), std::ios::binary);
    family->blob.assign(std::istreambuf_iterator<char>(bin), std::istreambuf_iterator<char>());
    families().push_back(std::move(family));
  }
  for (const auto& family : families()) {
    const Family* f = family.get();
    for (const auto& c : f->cases) {
      const nlohmann::json* cp = &c;
      ::testing::RegisterTest(f->name.c_str(), testName(c.at("name").get<std::string>()).c_str(), nullptr,
                              nullptr, __FILE__, __LINE__, [f, cp]() -> ::testing::Test* { return new CaseTest(f, cp); });
    }
  }
}

}  // namespace
}  // namespace ember::compat

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  std::string dir;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--fixtures") == 0 && i + 1 < argc) dir = argv[++i];
  }
  if (dir.empty()) {
    if (const char* env = std::getenv("EMBER_COMPAT_FIXTURES")) dir = env;
  }
  if (dir.empty() || !std::filesystem::is_directory(dir)) {
    std::fprintf(stderr, "usage: %s --fixtures DIR (written by tests/compat/tensor/gen.py)\n", argv[0]);
    return 2;
  }
  ember::compat::loadFixtures(dir);
  return RUN_ALL_TESTS();
}
