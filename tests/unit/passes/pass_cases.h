// The cases of data/pass_cases.txt (written by data/gen_pass_cases.py from PyTorch's passes):
// each is an input graph and the graph PyTorch printed after running one pass on it. Graphs are
// compared after normalising value names (numbered in order of first appearance), because
// PyTorch renumbers the values it creates.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "unit/frontend/fixture_reader.h"
#include "ember_test_source_dir.h"

namespace ember::jit::testing {

struct PassCase {
  std::string name;
  std::string pass;
  std::string input;
  std::string expected;
};

inline std::vector<PassCase> passCases(const std::string& pass) {
  auto path = ember::test::testsDir() / "unit" / "passes" / "data" / "pass_cases.txt";
  std::vector<PassCase> out;
  for (const FixtureBlock& b : readFixture(readFile(path), {"CASE"})) {
    if (b.header.size() < 3 || b.header[2] != pass) continue;
    out.push_back(PassCase{b.header[1], b.header[2], *b.section("BODY"), *b.section("EXPECTED")});
  }
  return out;
}

// `%x.1` -> `%v0` in order of first appearance; source comments dropped.
inline std::string normalizeGraphText(const std::string& text) {
  static const std::regex kName("%[A-Za-z0-9_.]+");
  static const std::regex kComment(" +#[^\n]*");
  std::string noComments = std::regex_replace(text, kComment, "");
  std::map<std::string, std::string> names;
  std::string out;
  auto begin = std::sregex_iterator(noComments.begin(), noComments.end(), kName);
  size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    out += noComments.substr(last, it->position() - last);
    auto [pos, fresh] = names.emplace(it->str(), "%v" + std::to_string(names.size()));
    out += pos->second;
    last = it->position() + it->length();
  }
  out += noComments.substr(last);
  return out;
}

// Runs `pass` on each case of that pass and compares with PyTorch's result.
inline void runPassCases(const std::string& passName, const std::function<void(std::shared_ptr<Graph>&)>& pass) {
  std::vector<PassCase> cases = passCases(passName);
  ASSERT_FALSE(cases.empty()) << "no cases for " << passName;
  for (const PassCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto g = std::make_shared<Graph>();
    parseIR(c.input, *g);
    pass(g);
    g->lint();
    EXPECT_EQ(normalizeGraphText(g->toString()), normalizeGraphText(c.expected)) << "case " << c.name;
  }
}

}  // namespace ember::jit::testing
