// `ember ir FILE`: parses IR text (as PyTorch or ember prints it) and prints it back in
// canonical form, optionally after running passes of the registry on it.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "commands.h"
#include "ember/core/type.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "options.h"
#include "pass_flags.h"

namespace ember::cli {

namespace {
std::string usage() {
  return std::string(
             "usage: ember ir FILE [--no-lint] [--passes LIST [--print-after-all] ...]\n"
             "       ember ir --list-passes\n"
             "\n"
             "Parses FILE (IR text such as `print(fn.graph)` shows; `-` reads stdin) and prints the graph\n"
             "in ember's canonical form, which is PyTorch's. Class types named in the text are accepted.\n"
             "Exit status 1 with the parser's error on bad input.\n"
             "\n"
             "  --no-lint              skip the invariant check of the parsed graph\n") +
         kPassFlagsUsage;
}
}  // namespace

int runIr(const std::vector<std::string>& args) {
  const std::string kUsage = usage();
  Options opts("ir", kUsage);
  opts.flag("--no-lint");
  declarePassFlags(opts);
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.has("--list-passes")) {
    printPassList();
    return 0;
  }
  if (opts.positionals().size() != 1) {
    std::fprintf(stderr, "ember ir: expected one FILE\n%s", kUsage.c_str());
    return 1;
  }
  const std::string& path = opts.positionals()[0];
  bool lint = !opts.has("--no-lint");
  std::stringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream in(path);
    if (!in) {
      std::fprintf(stderr, "ember ir: cannot open '%s'\n", path.c_str());
      return 1;
    }
    text << in.rdbuf();
  }
  try {
    auto g = std::make_shared<jit::Graph>();
    jit::IRParseOptions options;
    std::map<std::string, jit::TypePtr> classes;  // one type per name within the file
    options.resolveClass = [&](const std::string& name) -> jit::TypePtr {
      auto& t = classes[name];
      if (!t) t = jit::ClassType::create(name, name.rfind("__torch__", 0) == 0);
      return t;
    };
    jit::parseIR(text.str(), *g, options);
    if (lint) g->lint();
    if (!runPassFlags(opts, g)) std::cout << g->toString();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ember ir: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace ember::cli
