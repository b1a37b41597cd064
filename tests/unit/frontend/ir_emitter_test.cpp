// The IR emitter against PyTorch 1.13: each program of data/emitter_cases.txt (written by
// data/gen_emitter_cases.py) is compiled and its graph compared with the one PyTorch printed for
// the same source. Value names are renumbered and constants compared by value (their position
// depends on constant pooling), so the comparison is about structure, node kinds and types.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <sstream>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "fixture_reader.h"
#include "frontend/compile.h"
#include "frontend/error_report.h"
#include "torch_schemas.h"
#include "support/graph_text.h"

namespace ember::jit {
namespace {

using testing::FixtureBlock;


std::vector<FixtureBlock> cases(const std::string& kind) {
  std::vector<FixtureBlock> out;
  for (auto& b : testing::readFixture(testing::readFile(testing::frontendDataDir() / "emitter_cases.txt"),
                                      {"GRAPH", "ERROR"}))
    if (b.header[0] == kind) out.push_back(std::move(b));
  return out;
}

std::string graphOf(const std::string& source, const std::string& fn) {
  auto cu = compile(source);
  return cu->getFunction(fn).graph()->toString();
}

class EmitterGraphs : public ::testing::TestWithParam<FixtureBlock> {};

TEST_P(EmitterGraphs, MatchesPyTorch) {
  testing::ensureTorchSchemasRegistered();
  const FixtureBlock& b = GetParam();
  std::string ours;
  try {
    ours = graphOf(*b.section("SOURCE"), b.header[2]);
  } catch (const Error& e) {
    FAIL() << "compiling " << b.header[1] << " failed:\n" << e.what();
  }
  EXPECT_EQ(testing_support::normalizeGraphText(ours), testing_support::normalizeGraphText(*b.section("EXPECTED"))) << "ours:\n" << ours << "\nPyTorch:\n"
                                                               << *b.section("EXPECTED");
}

INSTANTIATE_TEST_SUITE_P(Fixture, EmitterGraphs, ::testing::ValuesIn(cases("GRAPH")),
                         [](const auto& info) { return info.param.header[1]; });

// Source locations of nodes are the same as PyTorch's (line:column of the expression).
TEST(IrEmitter, SourceLocationsMatchPyTorch) {
  testing::ensureTorchSchemasRegistered();
  std::string g = graphOf("\ndef f(x, y):\n    return x + y\n", "f");
  FileCheck().check("aten::add(%x.1, %y.1").checkSame("# <string>:3:11").run(g);
}

}  // namespace
}  // namespace ember::jit
