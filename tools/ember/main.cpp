// The `ember` command-line tool. Each subcommand lives in its own file (cmd_<name>.cpp) and
// registers in the table below.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "commands.h"

namespace {

struct Command {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};

const Command kCommands[] = {
    {"run", "run a method of an archive or a function of a TorchScript source file", ember::cli::runRun},
    {"graph", "print the graph of a method or function (or the optimised one for inputs)", ember::cli::runGraph},
    {"code", "print the python-printed TorchScript code of an archive or source file", ember::cli::runCode},
    {"compile", "compile a TorchScript source file to an archive PyTorch can load", ember::cli::runCompile},
    {"info", "show an archive's methods, parameters and buffers", ember::cli::runInfo},
    {"bench", "time a method side by side with PyTorch", ember::cli::runBench},
    {"ir", "parse IR text and print it back in canonical form", ember::cli::runIr},
    {"ops", "list the registered operators, or those of a schema list ember lacks", ember::cli::runOps},
    {"export", "capture an exported program (Export IR) from a method or function and save it", ember::cli::runExport},
    {"run-exported", "run a program saved by `ember export`", ember::cli::runExported},
};

void printUsage(FILE* out) {
  std::fprintf(out, "usage: ember <command> [options]\n\ncommands:\n");
  for (const auto& c : kCommands) std::fprintf(out, "  %-12s %s\n", c.name, c.summary);
  std::fprintf(out, "\nRun `ember <command> --help` for a command's options.\n");
}

}  // namespace

int main(int argc, char** argv) {
  ember::cli::shortenOpenmpSpinWait(argv);
  if (argc < 2) {
    printUsage(stderr);
    return 1;
  }
  std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    printUsage(stdout);
    return 0;
  }
  std::vector<std::string> args(argv + 2, argv + argc);
  for (const auto& c : kCommands)
    if (name == c.name) return c.run(args);
  std::fprintf(stderr, "ember: unknown command '%s'\n\n", name.c_str());
  printUsage(stderr);
  return 1;
}
