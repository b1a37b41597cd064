// The pass registry: one declarative table of the graph passes, under the names PyTorch gives
// them in Python (`torch._C._jit_pass_<name>`), each with a one-line summary, and text pipelines
// over it ("inline,dce,cse") for the CLI, the differential pass suite and benchmarks.
//
// A pipeline run can lint the graph after every pass (tests always do), print the graph after
// every pass or only after those that changed it, and collects per-pass statistics.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ember::jit {

class Graph;

struct PassResult {
  bool changed = false;
  size_t nodesBefore = 0;  // nodes in all blocks, parameter and return nodes excluded
  size_t nodesAfter = 0;
  double milliseconds = 0;  // the pass alone (not lint or printing)
};

// A pass may replace the graph (canonicalize builds a new one), hence the reference.
using PassFunction = std::function<PassResult(std::shared_ptr<Graph>&)>;

struct PassInfo {
  std::string name;     // PyTorch's name: `torch._C._jit_pass_<name>`
  std::string summary;  // one line
  PassFunction run;     // fills `changed` (nodesBefore/After and the time are filled by runPass)
};

// Every registered pass, in the table's order.
const std::vector<PassInfo>& registeredPasses();
// nullptr when unknown.
const PassInfo* findPass(std::string_view name);
// The known names, comma-separated, for error messages.
std::string knownPassNames();

// Runs one pass by name; an unknown name is an ember::Error listing the known ones.
PassResult runPass(std::string_view name, std::shared_ptr<Graph>& graph);
PassResult runPass(const PassInfo& pass, std::shared_ptr<Graph>& graph);

// Number of nodes in the graph's blocks, nested blocks included.
size_t countNodes(const Graph& graph);

struct PipelineOptions {
  bool lintAfterEach = false;
  bool printAfterEach = false;    // "-- after <pass> --" and the graph
  bool printAfterChange = false;  // the same, only after passes that changed the graph
  std::ostream* out = nullptr;    // where to print (std::cout when null)
};

struct PipelineStep {
  std::string pass;
  PassResult result;
};

struct PipelineReport {
  std::vector<PipelineStep> steps;
  bool changed() const;
  // One line per pass: name, changed or not, nodes before -> after, milliseconds.
  std::string summary() const;
};

// "inline, dce,cse" -> {"inline", "dce", "cse"}; errors on empty entries and unknown names.
std::vector<std::string> parsePassPipeline(std::string_view pipeline);

// Runs the passes of `pipeline` in order. A failed lint is an ember::Error naming the pass.
PipelineReport runPassPipeline(std::shared_ptr<Graph>& graph, std::string_view pipeline,
                               const PipelineOptions& options = {});

}  // namespace ember::jit
