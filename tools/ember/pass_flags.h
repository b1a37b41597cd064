// The pass options `ember ir` and `ember graph` share: --passes NAME[,NAME...] runs passes of the
// registry (src/passes/pass_registry.h) on the graph before it is printed, --print-after-all /
// --print-after-change print the graph after each pass, --pass-stats reports what each pass
// changed, and --list-passes prints the registry.
#pragma once

#include <memory>

#include "options.h"

namespace ember::jit {
class Graph;
}

namespace ember::cli {

// The usage lines for these options.
extern const char* kPassFlagsUsage;

void declarePassFlags(Options& opts);

// Prints every registered pass with its summary to stdout.
void printPassList();

// Runs the passes of --passes (if given) on `graph`, linting after each; prints per-pass graphs
// and statistics as asked. Returns whether the graph was already printed after its last pass
// (--print-after-all), so the caller need not print it again. Throws ember::Error on an unknown
// pass name or a failed lint.
bool runPassFlags(const Options& opts, std::shared_ptr<jit::Graph>& graph);

}  // namespace ember::cli
