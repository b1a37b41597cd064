// `ember code TARGET`: the TorchScript code PyTorch's python printer would write for it: for an
// archive, every code file a save would write (each under a `# <record>` line); for a source
// file, each function as `fn.code` shows it.
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "ember/runtime/graph_function.h"
#include "options.h"
#include "serialization/module_code.h"
#include "serialization/python_printer.h"
#include "target.h"

namespace ember::cli {

namespace {
const char* kUsage =
    "usage: ember code TARGET\n"
    "\n"
    "Prints the python-printed TorchScript code of an archive (the code/ files ember would save,\n"
    "each after a `# code/...py` line) or of the functions of a TorchScript source file.\n";
}  // namespace

int runCode(const std::vector<std::string>& args) {
  Options opts("code", kUsage);
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.positionals().size() != 1) return opts.fail("expected one TARGET");
  try {
    Target target = loadTarget(opts.positionals()[0]);
    if (target.isArchive) {
      jit::ModuleCode code = jit::printModuleCode(target.module);
      for (size_t i = 0; i < code.files.size(); ++i)
        std::cout << (i ? "\n" : "") << "# " << code.files[i].first << "\n" << code.files[i].second;
      return 0;
    }
    std::vector<jit::IValue> constants;
    jit::PythonPrinter printer(constants);
    for (jit::Function* fn : target.unit->getFunctions())
      if (fn->isGraphFunction() && fn->qualname().find('.') == std::string::npos) printer.printFunction(*fn);
    std::cout << printer.str();
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

}  // namespace ember::cli
