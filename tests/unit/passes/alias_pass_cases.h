// The cases of tests/compat/passes/cases_alias.txt (written by cases_alias.py from PyTorch's
// cse, remove_mutation and whole-graph dce): run one ember pass on each case of that pass and
// compare with PyTorch's graph, value names normalised (pass_cases.h).
#pragma once

#include "pass_cases.h"
#include "ember_test_source_dir.h"

namespace ember::jit::testing {

inline void runAliasPassCases(const std::string& passName, const std::function<void(std::shared_ptr<Graph>&)>& pass) {
  auto path = ember::test::testsDir() / "compat" / "passes" / "cases_alias.txt";
  size_t count = 0;
  for (const FixtureBlock& b : readFixture(readFile(path), {"CASE"})) {
    if (b.header.size() < 3 || b.header[2] != passName) continue;
    ++count;
    SCOPED_TRACE(b.header[1]);
    auto g = std::make_shared<Graph>();
    parseIR(*b.section("BODY"), *g);
    pass(g);
    g->lint();
    EXPECT_EQ(normalizeGraphText(g->toString()), normalizeGraphText(*b.section("EXPECTED"))) << "case " << b.header[1];
  }
  EXPECT_GT(count, 0u) << "no cases for " << passName << " in " << path;
}

}  // namespace ember::jit::testing
