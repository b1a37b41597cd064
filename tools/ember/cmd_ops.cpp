// `ember ops`: the operators ember registers, as schemas in PyTorch's syntax, and which of a
// reference list (PyTorch's `torch._C._jit_get_all_schemas()`, one per line) ember lacks.
// scripts/op_coverage.py builds its coverage figure on `ember ops --missing`.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "ember/core/operator.h"
#include "options.h"

namespace ember::cli {

namespace {
const char* kUsage =
    "usage: ember ops [--filter PREFIX] [--missing FILE]\n"
    "\n"
    "Prints every registered operator's schema, one per line, sorted, in PyTorch's syntax\n"
    "(`aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`).\n"
    "\n"
    "  --filter PREFIX  only operators whose name starts with PREFIX (e.g. aten::)\n"
    "  --missing FILE   instead, print the schemas of FILE (one per line; blank lines and lines\n"
    "                   starting with # are skipped) whose name and overload name ember does not\n"
    "                   register, sorted, then a summary line starting with `# `\n";

std::string schemaText(const jit::FunctionSchema& schema) {
  std::ostringstream os;
  os << schema;
  return os.str();
}

// "aten::add.Tensor" of "aten::add.Tensor(Tensor self, ...) -> Tensor": the text up to the
// parenthesis, which is the name and the overload name whatever the argument types are.
std::string operatorNameOf(const std::string& schemaLine) {
  std::string name = schemaLine.substr(0, schemaLine.find('('));
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
  return name;
}

bool startsWith(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

int listOperators(const std::string& prefix) {
  std::vector<std::string> lines;
  for (const auto& op : jit::OperatorRegistry::global().getAllOperators()) {
    std::string text = schemaText(op->schema());
    if (startsWith(text, prefix)) lines.push_back(std::move(text));
  }
  std::sort(lines.begin(), lines.end());
  for (const auto& l : lines) std::cout << l << "\n";
  return 0;
}

int listMissing(const std::string& path, const std::string& prefix) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "ember ops: cannot open '%s'\n", path.c_str());
    return 1;
  }
  std::set<std::string> registered;
  for (const auto& op : jit::OperatorRegistry::global().getAllOperators())
    registered.insert(op->schema().operatorName().str());
  std::set<std::string> seen;  // a name listed twice counts once
  std::vector<std::string> missing;
  std::string line;
  for (size_t lineNo = 1; std::getline(in, line); ++lineNo) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
    if (!startsWith(line, prefix)) continue;
    std::string name = operatorNameOf(line);
    if (name.find("::") == std::string::npos || line.find('(') == std::string::npos) {
      std::fprintf(stderr, "ember ops: %s:%zu: not a schema: %s\n", path.c_str(), lineNo, line.c_str());
      return 1;
    }
    if (!seen.insert(name).second) continue;
    if (!registered.count(name)) missing.push_back(line);
  }
  std::sort(missing.begin(), missing.end());
  for (const auto& l : missing) std::cout << l << "\n";
  size_t total = seen.size(), have = total - missing.size();
  char share[32];
  std::snprintf(share, sizeof share, "%.1f", total ? 100.0 * static_cast<double>(have) / static_cast<double>(total) : 0.0);
  std::cout << "# missing " << missing.size() << " of " << total << " operators; ember registers " << have << " ("
            << share << "%)\n";
  return 0;
}

}  // namespace

int runOps(const std::vector<std::string>& args) {
  Options opts("ops", kUsage);
  opts.option("--filter");
  opts.option("--missing");
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (!opts.positionals().empty()) return opts.fail("unexpected argument '" + opts.positionals()[0] + "'");
  std::string prefix = opts.get("--filter").value_or("");
  try {
    if (auto file = opts.get("--missing")) return listMissing(*file, prefix);
    return listOperators(prefix);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ember ops: %s\n", e.what());
    return 1;
  }
}

}  // namespace ember::cli
