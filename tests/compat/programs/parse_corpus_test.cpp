// The program corpus through ember's parser: every program that PyTorch 1.13 compiles must
// parse. (Compiling and running them against PyTorch's results arrives with the IR emitter
// and the interpreter; gen_expected.py already writes those results.)
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "frontend/parser.h"

namespace ember::jit {
namespace {

struct Program {
  std::string name, text, expect;
};

std::vector<Program> loadCorpus() {
  const char* dir = std::getenv("EMBER_CORPUS_DIR");
  std::vector<Program> programs;
  if (!dir) return programs;
  static const std::regex expectLine(R"(^# EXPECT: \"([a-z_]+)\"\s*$)");
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".py") continue;
    std::ifstream in(e.path());
    std::stringstream buf;
    buf << in.rdbuf();
    Program p{e.path().filename().string(), buf.str(), ""};
    std::istringstream lines(p.text);
    std::string line;
    std::smatch m;
    while (std::getline(lines, line))
      if (std::regex_match(line, m, expectLine)) p.expect = m[1].str();
    programs.push_back(std::move(p));
  }
  return programs;
}

// Programs ember's parser does not accept yet, with the reason. Each must still fail, so a fix
// shows up here and the entry is removed.
const std::map<std::string, std::string> kKnownParseGaps = {};

TEST(ProgramCorpus, ProgramsPyTorchCompilesParse) {
  auto programs = loadCorpus();
  ASSERT_GE(programs.size(), 150u) << "set EMBER_CORPUS_DIR to tests/compat/programs/corpus";
  size_t parsed = 0;
  for (const auto& p : programs) {
    ASSERT_FALSE(p.expect.empty()) << p.name << " has no EXPECT trailer";
    if (p.expect == "compile_error") continue;  // may fail in the parser or later
    if (kKnownParseGaps.count(p.name)) {
      EXPECT_ANY_THROW(parseSourceFile(std::make_shared<Source>(p.text, p.name)))
          << p.name << " parses now: remove it from kKnownParseGaps";
      continue;
    }
    try {
      auto stmts = parseSourceFile(std::make_shared<Source>(p.text, p.name));
      EXPECT_GT(stmts.size(), 0u) << p.name;
      ++parsed;
    } catch (const std::exception& e) {
      ADD_FAILURE() << p.name << " failed to parse:\n" << e.what();
    }
  }
  EXPECT_GE(parsed, 150u);
}

}  // namespace
}  // namespace ember::jit
