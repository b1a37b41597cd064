#include "pass_flags.h"

#include <cstdio>
#include <iostream>

#include "ember/error.h"
#include "ember/ir/ir.h"
#include "passes/pass_registry.h"

namespace ember::cli {

const char* kPassFlagsUsage =
    "  --passes LIST          run these passes (comma-separated, PyTorch's names: inline,dce,...)\n"
    "                         on the graph before printing it; lint runs after each\n"
    "  --print-after-all      print the graph after every pass (headed `-- after NAME --`)\n"
    "  --print-after-change   print the graph after the passes that changed it\n"
    "  --pass-stats           report on stderr what each pass changed and how long it took\n"
    "  --list-passes          list the passes with a one-line summary and exit\n";

void declarePassFlags(Options& opts) {
  opts.option("--passes");
  opts.flag("--print-after-all");
  opts.flag("--print-after-change");
  opts.flag("--pass-stats");
  opts.flag("--list-passes");
}

void printPassList() {
  size_t width = 0;
  for (const jit::PassInfo& p : jit::registeredPasses()) width = std::max(width, p.name.size());
  for (const jit::PassInfo& p : jit::registeredPasses())
    std::printf("%-*s  %s\n", static_cast<int>(width), p.name.c_str(), p.summary.c_str());
}

bool runPassFlags(const Options& opts, std::shared_ptr<jit::Graph>& graph) {
  bool printEach = opts.has("--print-after-all");
  bool printChanged = opts.has("--print-after-change");
  if (!opts.has("--passes")) {
    EMBER_CHECK(!printEach && !printChanged && !opts.has("--pass-stats"),
                "--print-after-all, --print-after-change and --pass-stats need --passes");
    return false;
  }
  jit::PipelineOptions options;
  options.lintAfterEach = true;
  options.printAfterEach = printEach;
  options.printAfterChange = printChanged;
  options.out = &std::cout;
  jit::PipelineReport report = jit::runPassPipeline(graph, *opts.get("--passes"), options);
  if (opts.has("--pass-stats")) std::cerr << report.summary();
  return printEach;
}

}  // namespace ember::cli
