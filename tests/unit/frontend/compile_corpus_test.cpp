// The program corpus (tests/compat/programs/corpus) through the IR emitter: every program that
// PyTorch 1.13 compiles (EXPECT "run" or "runtime_error") must compile, and every program it
// rejects at compile time (EXPECT "compile_error") must be rejected. kKnownGaps lists the
// programs that still fail, with the reason; each must still fail, so the list only shrinks.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "frontend/compile.h"
#include "torch_schemas.h"
#include "ember_test_source_dir.h"

namespace ember::jit {
namespace {

struct Program {
  std::string name, text, expect, match, mode;
};

std::filesystem::path corpusDir() {
  return ember::test::testsDir() / "compat" / "programs" / "corpus";
}

std::vector<Program> loadCorpus() {
  std::vector<Program> programs;
  static const std::regex kTrailer(R"(^# ([A-Z_]+): \"(.*)\"\s*$)");
  for (const auto& e : std::filesystem::directory_iterator(corpusDir())) {
    if (e.path().extension() != ".py") continue;
    std::ifstream in(e.path());
    std::stringstream buf;
    buf << in.rdbuf();
    Program p{e.path().filename().string(), buf.str(), "", "", ""};
    std::istringstream lines(p.text);
    std::smatch m;
    for (std::string line; std::getline(lines, line);) {
      if (!std::regex_match(line, m, kTrailer)) continue;
      if (m[1] == "EXPECT") p.expect = m[2].str();
      if (m[1] == "MATCH") p.match = m[2].str();
      if (m[1] == "MODE") p.mode = m[2].str();
    }
    programs.push_back(std::move(p));
  }
  std::sort(programs.begin(), programs.end(), [](const Program& a, const Program& b) { return a.name < b.name; });
  return programs;
}

// Programs the emitter does not handle yet, with the reason.
const std::map<std::string, std::string> kKnownGaps = {
};

// Returns the error text, or "" when the program compiled. "cu" programs go through compile()
// as torch.jit.CompilationUnit source; "script" programs are read as torch.jit.script reads a
// Python module (classes, f-strings, comparison chains), every function compiled.
std::string tryCompile(const Program& p) {
  try {
    if (p.mode == "script") {
      CompilationUnit cu;
      DefineOptions options;
      options.typePrefix = "__torch__.corpus_" + p.name.substr(0, 3) + ".";
      options.filename = p.name;
      defineInto(cu, p.text, nullptr, options);
    } else {
      compile(p.text, "<string>");
    }
    return "";
  } catch (const std::exception& e) {
    return std::string(e.what()).empty() ? "(empty error)" : e.what();
  }
}

TEST(CompileCorpus, ProgramsCompileAsInPyTorch) {
  testing::ensureTorchSchemasRegistered();
  auto programs = loadCorpus();
  ASSERT_GE(programs.size(), 150u);
  std::vector<std::string> failures;
  size_t ok = 0;
  for (const auto& p : programs) {
    std::string err = tryCompile(p);
    bool shouldCompile = p.expect != "compile_error";
    bool good = shouldCompile ? err.empty() : !err.empty();
    if (kKnownGaps.count(p.name)) {
      EXPECT_FALSE(good) << p.name << " works now: remove it from kKnownGaps";
      continue;
    }
    if (good) {
      ++ok;
    } else {
      std::string first = err.substr(0, err.find('\n'));
      failures.push_back(p.name + (shouldCompile ? ": " + first : ": compiled but PyTorch rejects it (" + p.match + ")"));
    }
  }
  std::ostringstream report;
  for (const auto& f : failures) report << "  " << f << "\n";
  EXPECT_TRUE(failures.empty()) << failures.size() << " of " << programs.size() << " programs ("
                                << ok << " ok):\n" << report.str();
}

}  // namespace
}  // namespace ember::jit
