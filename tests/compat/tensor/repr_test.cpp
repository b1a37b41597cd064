// repr() against PyTorch: gen_repr.py writes the tensors and their repr strings as JSON; this
// rebuilds each tensor (same storage bytes and geometry) and compares ember's repr exactly.
// The JSON is found at $EMBER_REPR_FIXTURE, else at <--fixtures dir>/repr/repr.json (a subdirectory,
// so the harness does not take it for a family fixture); the test skips
// when neither exists.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ember/tensor.h"

namespace ember {
namespace {

std::string reprFixturePath() {
  if (const char* env = std::getenv("EMBER_REPR_FIXTURE")) return env;
  // TODO(dedupe): use an accessor for the fixtures dir once harness.h offers one.
  const std::vector<std::string> argv = ::testing::internal::GetArgvs();
  for (size_t i = 0; i + 1 < argv.size(); ++i)
    if (argv[i] == "--fixtures") return argv[i + 1] + "/repr/repr.json";
  if (const char* env = std::getenv("EMBER_COMPAT_FIXTURES")) return std::string(env) + "/repr/repr.json";
  return "";
}

Tensor tensorFromSpec(const nlohmann::json& spec) {
  const std::string hex = spec.at("storage").get<std::string>();
  const ScalarType dtype = parseScalarType(spec.at("dtype").get<std::string>());
  const size_t nbytes = hex.size() / 2;
  Storage storage = Storage::allocate(nbytes);
  auto* bytes = static_cast<uint8_t*>(storage.data());
  for (size_t i = 0; i < nbytes; ++i) bytes[i] = static_cast<uint8_t>(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
  const auto sizes = spec.at("sizes").get<std::vector<int64_t>>();
  const auto strides = spec.at("strides").get<std::vector<int64_t>>();
  Tensor t = Tensor::make(storage, dtype, sizes, strides, spec.at("storage_offset").get<int64_t>());
  if (spec.at("requires_grad").get<bool>()) t.set_requires_grad(true);
  return t;
}

TEST(repr, MatchesPyTorch) {
  const std::string path = reprFixturePath();
  if (path.empty() || !std::filesystem::exists(path)) GTEST_SKIP() << "no repr fixture (run gen_repr.py)";
  std::ifstream in(path);
  const nlohmann::json cases = nlohmann::json::parse(in);
  ASSERT_GT(cases.size(), 50u);
  int failures = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string expected = cases[i].at("repr").get<std::string>();
    std::string got;
    try {
      got = repr(tensorFromSpec(cases[i]));
    } catch (const std::exception& e) {
      got = std::string("<ember error: ") + e.what() + ">";
    }
    EXPECT_EQ(got, expected) << "case " << i;
    failures += got != expected;
  }
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace ember
