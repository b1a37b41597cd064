// Programs PyTorch 1.13 rejects (data/emitter_cases.txt, ERROR blocks): ember rejects them too,
// with PyTorch's message (its first line) pointing at the same source line with the HERE
// highlight.
#include <gtest/gtest.h>

#include <regex>

#include "fixture_reader.h"
#include "frontend/compile.h"
#include "frontend/error_report.h"
#include "torch_schemas.h"

namespace ember::jit {
namespace {

using testing::FixtureBlock;

std::vector<FixtureBlock> errorCases() {
  std::vector<FixtureBlock> out;
  for (auto& b : testing::readFixture(testing::readFile(testing::frontendDataDir() / "emitter_cases.txt"),
                                      {"GRAPH", "ERROR"}))
    if (b.header[0] == "ERROR") out.push_back(std::move(b));
  return out;
}

// The first non-empty line of PyTorch's message, without a trailing colon.
std::string firstLine(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (!line.empty() && line.back() == ':') line.pop_back();
    return line;
  }
  return "";
}

// `File "<string>", line N` of the highlight.
std::string fileLine(const std::string& text) {
  static const std::regex kFile(R"(File "<string>", line \d+)");
  std::smatch m;
  return std::regex_search(text, m, kFile) ? m.str() : "";
}

class EmitterErrors : public ::testing::TestWithParam<FixtureBlock> {};

TEST_P(EmitterErrors, RejectedLikePyTorch) {
  testing::ensureTorchSchemasRegistered();
  const FixtureBlock& b = GetParam();
  const std::string& expected = *b.section("EXPECTED");
  try {
    compile(*b.section("SOURCE"));
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find(firstLine(expected)), std::string::npos) << "ours:\n" << msg << "\nPyTorch:\n" << expected;
    EXPECT_NE(msg.find(fileLine(expected)), std::string::npos) << "ours:\n" << msg << "\nPyTorch:\n" << expected;
    // PyTorch marks a one-line highlight with "<--- HERE" and underlines a multi-line one only.
    bool marked = expected.find("<--- HERE") != std::string::npos;
    EXPECT_EQ(msg.find("<--- HERE") != std::string::npos, marked) << "ours:\n" << msg << "\nPyTorch:\n" << expected;
    return;
  }
  FAIL() << b.header[1] << " compiled but PyTorch rejects it:\n" << expected;
}

INSTANTIATE_TEST_SUITE_P(Fixture, EmitterErrors, ::testing::ValuesIn(errorCases()),
                         [](const auto& info) { return info.param.header[1]; });

}  // namespace
}  // namespace ember::jit
