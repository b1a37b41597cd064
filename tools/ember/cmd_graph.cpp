// `ember graph TARGET`: the graph of a method or function, as PyTorch prints `fn.graph`; with
// --optimized, the graph the executor runs for the given inputs once it has profiled them; with
// --passes, a copy of the graph after the named passes of the registry.
#include <cstdio>
#include <optional>
#include <iostream>

#include "commands.h"
#include "ember/ir/ir.h"
#include "ember/runtime/graph_executor.h"
#include "ember/runtime/graph_function.h"
#include "ember/runtime/grad_mode.h"
#include "options.h"
#include "pass_flags.h"
#include "target.h"

namespace ember::cli {

namespace {
std::string usage() {
  return std::string(
             "usage: ember graph TARGET [--method NAME] [--optimized [--inputs FILE] [--runs N] [--fusion-strategy S]]\n"
             "                   [--passes LIST ...]\n"
             "       ember graph --list-passes\n"
             "\n"
             "Prints the graph of a method of an archive or a function of a TorchScript source file.\n"
             "\n"
             "  --method NAME   method or function (default: forward)\n"
             "  --optimized     print the graph the executor runs for the inputs instead, once it has\n"
             "                  profiled them (torch.jit.last_executed_optimized_graph): inlined, guarded\n"
             "                  by prim::TypeCheck on the profiled types, optimised\n"
             "  --inputs FILE   the inputs for --optimized (torch.save tuple/list, or .npy)\n"
             "  --runs N        call the function N times first, then print the graph the next call runs\n"
             "                  (--runs 0: the profiling graph); default: as many as it takes\n"
             "  --fusion-strategy S  how the executor specialises, as torch.jit.set_fusion_strategy:\n"
             "                  BEHAVIOUR:COUNT,... with STATIC (exact sizes) or DYNAMIC (rank, symbolic\n"
             "                  sizes); default STATIC:2,DYNAMIC:10\n"
             "  --no-grad       with --optimized, run as under torch.no_grad() (inference plans)\n") +
         kPassFlagsUsage;
}
}  // namespace

int runGraph(const std::vector<std::string>& args) {
  Options opts("graph", usage());
  opts.option("--method");
  opts.option("--inputs");
  opts.flag("--optimized");
  opts.option("--runs");
  opts.option("--fusion-strategy");
  opts.flag("--no-grad");
  declarePassFlags(opts);
  if (auto r = opts.parse(args); r != Options::Result::Ok) return r == Options::Result::Help ? 0 : 1;
  if (opts.has("--list-passes")) {
    printPassList();
    return 0;
  }
  if (opts.positionals().size() != 1) return opts.fail("expected one TARGET");
  if (opts.has("--inputs") && !opts.has("--optimized")) return opts.fail("--inputs is only used with --optimized");
  if (opts.has("--runs") && !opts.has("--optimized")) return opts.fail("--runs is only used with --optimized");
  if (opts.has("--fusion-strategy") && !opts.has("--optimized"))
    return opts.fail("--fusion-strategy is only used with --optimized");
  std::optional<long> runs;
  if (opts.has("--runs")) {
    runs = opts.getInt("--runs", 0, 0, 1000000);
    if (!runs) return 1;
  }
  try {
    // Before loading: executors take the strategy when they are made.
    if (auto s = opts.get("--fusion-strategy")) jit::setFusionStrategy(jit::parseFusionStrategy(*s));
    Target target = loadTarget(opts.positionals()[0]);
    jit::Function& fn = target.function(opts.get("--method").value_or("forward"));
    if (!fn.isGraphFunction()) return opts.fail("'" + fn.qualname() + "' has no graph");
    auto& gf = static_cast<jit::GraphFunction&>(fn);
    std::shared_ptr<jit::Graph> graph;
    if (!opts.has("--optimized")) {
      graph = gf.graph()->copy();
    } else {
      std::optional<jit::NoGradGuard> noGrad;
      if (opts.has("--no-grad")) noGrad.emplace();
      jit::Stack stack = target.graphInputs(fn, loadInputs(opts.get("--inputs")));
      jit::GraphExecutor& executor = gf.getExecutor();
      if (runs) {
        for (long i = 0; i < *runs; ++i) {
          jit::Stack call = stack;
          executor.run(call);
        }
        graph = executor.getPlanFor(stack).graph->copy();
      } else {
        graph = executor.graphFor(stack)->copy();
      }
    }
    if (!runPassFlags(opts, graph)) std::cout << *graph;
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

}  // namespace ember::cli
