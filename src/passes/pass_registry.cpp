// The table of passes. Passes that report whether they changed the graph are wrapped directly;
// for those that do not (void functions), `changed` comes from comparing the printed graph
// before and after, which costs a print but never misreports.
#include "passes/pass_registry.h"

#include <chrono>
#include <iostream>
#include <sstream>

#include "ember/error.h"
#include "ember/ir/ir.h"
#include "passes/batch_mm.h"
#include "passes/canonicalize.h"
#include "passes/channels_last_regions.h"
#include "passes/common_subexpression_elimination.h"
#include "passes/constant_pooling.h"
#include "passes/create_autodiff_subgraphs.h"
#include "passes/constant_propagation.h"
#include "passes/dead_code_elimination.h"
#include "passes/decompose_ops.h"
#include "passes/dtype_device_propagation.h"
#include "passes/erase_number_types.h"
#include "passes/fold_frozen_batch_norm.h"
#include "passes/fold_frozen_conv_arithmetic.h"
#include "passes/frozen_graph_optimizations.h"
#include "passes/frozen_linear_transpose.h"
#include "passes/fuse_addmm.h"
#include "passes/fuse_conv_epilogue.h"
#include "passes/fuse_linear_epilogue.h"
#include "passes/inline_fork_wait.h"
#include "passes/inliner.h"
#include "passes/integer_value_refinement.h"
#include "passes/loop_unrolling.h"
#include "passes/lower_tuples.h"
#include "passes/peephole.h"
#include "passes/peephole_alias_sensitive.h"
#include "passes/remove_dropout.h"
#include "passes/remove_expands.h"
#include "passes/remove_mutation.h"
#include "passes/requires_grad_analysis.h"
#include "passes/shape_analysis.h"
#include "passes/symbolic_shape_analysis.h"
#include "passes/tensorexpr_fuser.h"

namespace ember::jit {

namespace {

PassFunction reporting(bool (*pass)(const std::shared_ptr<Graph>&)) {
  return [pass](std::shared_ptr<Graph>& g) {
    PassResult r;
    r.changed = pass(g);
    return r;
  };
}

// For passes without a changed flag: compare the printed graph.
PassFunction byText(std::function<void(std::shared_ptr<Graph>&)> pass) {
  return [pass = std::move(pass)](std::shared_ptr<Graph>& g) {
    std::string before = g->toString(false);
    pass(g);
    PassResult r;
    r.changed = g->toString(false) != before;
    return r;
  };
}

// torch._C._jit_pass_peephole runs the alias-sensitive rules too, after the others.
bool peepholeAll(const std::shared_ptr<Graph>& graph) {
  bool changed = peepholeOptimize(graph);
  changed |= peepholeOptimizeAliasSensitive(graph);
  return changed;
}

std::vector<PassInfo> buildTable() {
  std::vector<PassInfo> t = {
      {"inline", "inline calls of graph functions and methods, recursively",
       [](std::shared_ptr<Graph>& g) {
         PassResult r;
         r.changed = inlineCalls(*g);
         return r;
       }},
      {"dce", "remove nodes whose results are unused and that have no side effects",
       byText([](std::shared_ptr<Graph>& g) { eliminateDeadCode(g); })},
      {"cse", "merge identical nodes that compute the same value (alias-aware)",
       reporting(eliminateCommonSubexpression)},
      {"constant_propagation", "run nodes whose inputs are constants and fold ifs on constant conditions",
       reporting(constantPropagation)},
      {"constant_propagation_immutable_types", "constant propagation limited to values of immutable types",
       reporting(constantPropagationImmutableTypes)},
      {"constant_pooling", "merge equal constants and hoist them to the start of the graph",
       reporting(constantPooling)},
      {"peephole", "local algebraic and type-based simplifications (PeepholeOptimize)", reporting(peepholeAll)},
      {"loop_unrolling", "unroll loops: constant trip counts fully, others by a factor of 8", reporting(unrollLoops)},
      {"constant_loop_unrolling", "unroll loops with constant trip counts, whatever their size",
       reporting(unrollConstantLoops)},
      {"remove_mutation", "replace in-place ops whose mutation is unobservable by their functional forms",
       reporting(removeMutation)},
      {"lower_all_tuples", "read tuple elements straight from their TupleConstruct (simple tuples only)",
       byText([](std::shared_ptr<Graph>& g) { lowerSimpleTuples(g); })},
      {"canonicalize", "copy the graph with values renumbered in order (debug names kept)",
       byText([](std::shared_ptr<Graph>& g) { g = canonicalize(g); })},
      {"remove_expands", "drop aten::expand nodes marked implicit=True", reporting(removeExpands)},
      {"fuse_addmm", "fuse aten::mm followed by aten::add into aten::addmm", reporting(fuseAddMM)},
      {"fuse_conv_epilogue", "conv2d + residual add + activation -> ember::conv2d_fused (frozen graphs)",
       reporting(fuseConvEpilogues)},
      {"channels_last_regions", "run regions of convolutions and layout-agnostic ops in channels-last (specialised graphs)",
       reporting([](const std::shared_ptr<Graph>& g) { return channelsLastRegions(g); })},
      {"fuse_linear_epilogue", "matmul/linear + bias + residual add + activation -> ember::matmul_fused (frozen graphs)",
       reporting(fuseLinearEpilogues)},
      {"fuse_tensorexprs", "merge chains of pointwise ops on typed tensors into guarded prim::TensorExprGroup nodes",
       reporting([](const std::shared_ptr<Graph>& g) { return fuseTensorExprs(g); })},
      {"erase_number_types", "turn int/float/bool values into 0-dim tensors and drop number/tensor conversions",
       reporting(eraseNumberTypes)},
      {"decompose_ops", "decompose addmm with beta = alpha = 1 into mm + add", reporting(decomposeOps)},
      {"inline_fork_wait", "run forked subgraphs inline and replace their waits", reporting(inlineForkWait)},
      {"remove_dropout", "remove dropout whose train argument is the constant False", reporting(removeDropout)},
      {"fold_frozen_conv_bn", "fold eval-mode batch norm into the convolution before it (frozen graphs)",
       reporting(foldFrozenConvBatchNorm)},
      {"fold_frozen_conv_add_or_sub", "fold per-channel add/sub of constants into a convolution's bias",
       reporting(foldFrozenConvAddOrSub)},
      {"fold_frozen_conv_mul_or_div", "fold per-channel mul/div by constants into a convolution's weights",
       reporting(foldFrozenConvMulOrDiv)},
      {"fold_frozen_linear_bn", "fold eval-mode batch norm into the linear layer before it (frozen graphs)",
       reporting(foldFrozenLinearBatchNorm)},
      {"optimize_frozen_graph", "dropout removal and the frozen folds until none applies (OptimizeFrozenGraph)",
       [](std::shared_ptr<Graph>& g) {
         PassResult r;
         r.changed = optimizeFrozenGraph(g);
         return r;
       }},
      {"transpose_frozen_linear", "aten::linear with a constant weight as matmul with the weight pre-transposed",
       reporting(frozenLinearTranspose)},
      {"batch_mm",
       "sums of 4+ matrix products -> prim::MMTreeReduce (needs complete types); 8+ products sharing an operand -> "
       "prim::MMBatchSide",
       reporting(batchMM)},
      {"complete_shape_analysis", "propagate dtypes, devices, sizes and strides from the graph's input types",
       reporting(propagateShapesOnGraph)},
      {"propagate_dtype", "set the dtypes the graph's input types determine (only dtypes change)",
       reporting(propagateDtype)},
      {"propagate_device", "set the devices the graph's input types determine (only devices change)",
       reporting(propagateDevice)},
      {"propagate_shapes_on_graph", "symbolic shapes: static sizes and ranks, equal unknown sizes as one symbol",
       reporting(propagateSymbolicShapes)},
      {"erase_shape_information", "reset every tensor type in the graph to the unrefined Tensor",
       reporting(eraseShapeInformation)},
      {"propagate_requires_grad", "mark which tensor values may require grad, from the inputs' requires_grad",
       reporting(propagateRequiresGrad)},
      {"create_autodiff_subgraphs", "group runs of differentiable nodes into prim::DifferentiableGraph nodes",
       [](std::shared_ptr<Graph>& g) { return PassResult{createAutodiffSubgraphs(g)}; }},
      {"refine_integer_values", "inside branches guarded by int == constant, use the constant",
       reporting(refineIntegerValues)},
      {"integer_value_refinement", "the same pass as refine_integer_values (PyTorch's other name)",
       reporting(refineIntegerValues)},
      {"lint", "check the graph's invariants (changes nothing)",
       [](std::shared_ptr<Graph>& g) {
         g->lint();
         return PassResult{};
       }},
  };
  return t;
}

size_t countBlock(const Block* b) {
  size_t n = 0;
  for (const Node* node : b->nodes()) {
    ++n;
    for (const Block* sub : node->blocks()) n += countBlock(sub);
  }
  return n;
}

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\n");
  if (b == std::string_view::npos) return "";
  size_t e = s.find_last_not_of(" \t\n");
  return std::string(s.substr(b, e - b + 1));
}

}  // namespace

const std::vector<PassInfo>& registeredPasses() {
  static const std::vector<PassInfo> table = buildTable();
  return table;
}

const PassInfo* findPass(std::string_view name) {
  for (const PassInfo& p : registeredPasses())
    if (p.name == name) return &p;
  return nullptr;
}

std::string knownPassNames() {
  std::string out;
  for (const PassInfo& p : registeredPasses()) out += (out.empty() ? "" : ", ") + p.name;
  return out;
}

size_t countNodes(const Graph& graph) { return countBlock(graph.block()); }

PassResult runPass(const PassInfo& pass, std::shared_ptr<Graph>& graph) {
  EMBER_CHECK(graph != nullptr, "pass '", pass.name, "' given no graph");
  size_t before = countNodes(*graph);
  auto start = std::chrono::steady_clock::now();
  PassResult r = pass.run(graph);
  auto end = std::chrono::steady_clock::now();
  r.nodesBefore = before;
  r.nodesAfter = countNodes(*graph);
  r.milliseconds = std::chrono::duration<double, std::milli>(end - start).count();
  return r;
}

PassResult runPass(std::string_view name, std::shared_ptr<Graph>& graph) {
  const PassInfo* pass = findPass(name);
  EMBER_CHECK(pass, "unknown pass '", name, "'; known passes: ", knownPassNames());
  return runPass(*pass, graph);
}

std::vector<std::string> parsePassPipeline(std::string_view pipeline) {
  std::vector<std::string> names;
  std::string text(pipeline);
  std::stringstream in(text);
  for (std::string entry; std::getline(in, entry, ',');) {
    std::string name = trim(entry);
    EMBER_CHECK(!name.empty(), "empty pass name in pipeline '", pipeline, "'");
    EMBER_CHECK(findPass(name), "unknown pass '", name, "'; known passes: ", knownPassNames());
    names.push_back(name);
  }
  EMBER_CHECK(!names.empty() && (text.empty() || text.back() != ','), "empty pass name in pipeline '", pipeline, "'");
  return names;
}

bool PipelineReport::changed() const {
  for (const PipelineStep& s : steps)
    if (s.result.changed) return true;
  return false;
}

std::string PipelineReport::summary() const {
  std::ostringstream out;
  for (const PipelineStep& s : steps) {
    out << s.pass << ": " << (s.result.changed ? "changed" : "unchanged") << ", nodes " << s.result.nodesBefore
        << " -> " << s.result.nodesAfter << ", " << s.result.milliseconds << " ms\n";
  }
  return out.str();
}

PipelineReport runPassPipeline(std::shared_ptr<Graph>& graph, std::string_view pipeline,
                               const PipelineOptions& options) {
  std::vector<std::string> names = parsePassPipeline(pipeline);  // all names checked before any runs
  std::ostream& out = options.out ? *options.out : std::cout;
  PipelineReport report;
  for (const std::string& name : names) {
    PassResult r = runPass(*findPass(name), graph);
    if (options.lintAfterEach) {
      try {
        graph->lint();
      } catch (const std::exception& e) {
        EMBER_ERROR("graph fails lint after pass '", name, "': ", e.what());
      }
    }
    if (options.printAfterEach || (options.printAfterChange && r.changed))
      out << "-- after " << name << (r.changed ? "" : " (unchanged)") << " --\n" << graph->toString();
    report.steps.push_back({name, r});
  }
  return report;
}

}  // namespace ember::jit
