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

namespace ember::jit {
namespace {

struct Program {
  std::string name, text, expect, match;
};

std::filesystem::path corpusDir() {
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "compat" / "programs" / "corpus";
}

std::vector<Program> loadCorpus() {
  std::vector<Program> programs;
  static const std::regex kTrailer(R"(^# ([A-Z_]+): \"(.*)\"\s*$)");
  for (const auto& e : std::filesystem::directory_iterator(corpusDir())) {
    if (e.path().extension() != ".py") continue;
    std::ifstream in(e.path());
    std::stringstream buf;
    buf << in.rdbuf();
    Program p{e.path().filename().string(), buf.str(), "", ""};
    std::istringstream lines(p.text);
    std::smatch m;
    for (std::string line; std::getline(lines, line);) {
      if (!std::regex_match(line, m, kTrailer)) continue;
      if (m[1] == "EXPECT") p.expect = m[2].str();
      if (m[1] == "MATCH") p.match = m[2].str();
    }
    programs.push_back(std::move(p));
  }
  std::sort(programs.begin(), programs.end(), [](const Program& a, const Program& b) { return a.name < b.name; });
  return programs;
}

// Programs the emitter does not handle yet, with the reason.
const std::map<std::string, std::string> kKnownGaps = {
    {"047_with_no_grad.py", "Unknown builtin op: aten::no_grad."},
    {"078_comparison_chain_rejected_by_compilation_unit.py", "compiled but PyTorch rejects it (Arguments for call are not valid)"},
    {"081_in_dict_and_string.py", "Arguments for call are not valid."},
    {"096_tensor_arithmetic_ops.py", "List type annotation `List[Tensor]` did not match the types of the given list elements, which were unified ..."},
    {"097_tensor_int_floordiv_mod_negative.py", "Return value was annotated as having type Tuple[Tensor, Tensor, Tensor] but is actually of type Tuple[int, ..."},
    {"110_string_percent_format.py", "Arguments for call are not valid."},
    {"111_fstring_in_script_mode.py", "f-string literals are not supported:"},
    {"139_final_local_rejected.py", "compiled but PyTorch rejects it (Unknown type constructor Final)"},
    {"217_tensor_indexing_basic.py", "List type annotation `List[Tensor]` did not match the types of the given list elements, which were unified ..."},
    {"222_tensor_scalar_ops_with_python_numbers.py", "List type annotation `List[Tensor]` did not match the types of the given list elements, which were unified ..."},
    {"226_tensor_item_tolist.py", "Return value was annotated as having type Tuple[float, List[List[float]], int] but is actually of type Tupl..."},
    {"227_tensor_size_dim_dtype_shape.py", "Unknown type name 'Tuple[List[int], int, int, List[int], int, torch.dtype, bool, int]':"},
    {"229_tensor_bool_method_rejected.py", "compiled but PyTorch rejects it (no attribute or method 'bool')"},
    {"239_tensor_int_div_by_zero_error.py", "Return value was annotated as having type Tensor but is actually of type int:"},
    {"262_class_rejected_by_compilation_unit.py", "compiled but PyTorch rejects it (expected def but found 'class')"},
};

// Returns the error text, or "" when the program compiled.
std::string tryCompile(const Program& p) {
  try {
    compile(p.text, "<string>");
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
