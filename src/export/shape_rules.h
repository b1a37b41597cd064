// Symbolic shape rules of the export capture: the sizes of an operator's tensor outputs as
// SymInt expressions of its inputs' symbolic sizes.
//
// The capture also knows every output's concrete sizes (it runs the operator), so a rule is only
// needed when an input has a symbolic size; ops without a rule then fail with a clear error. The
// families overlap with the shape analysis pass's rules (src/passes/shape_rules.*, applyShapeRule):
// those give TensorTypes with the sizes the IR proves (unknown otherwise) and never guard; these
// give SymInt expressions and record guards when a rule must decide (is this size 1?), so they
// stay here. A shared rule table parameterised over the size type could serve both later.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ember/core/function_schema.h"
#include "ember/core/ivalue.h"
#include "ember/export/fx_graph.h"

namespace ember::exporter {

// What a rule sees of one argument: its concrete value, and symbolic views of it.
struct MetaArg {
  jit::IValue value;
  std::optional<FakeTensor> tensor;           // Tensor arguments
  std::vector<FakeTensor> tensors;            // Tensor[] arguments
  std::optional<SymInt> sym;                  // int arguments (constant when static)
  std::vector<SymInt> ints;                   // int[] arguments, element by element
};

// Decides a symbolic condition, recording a guard (or raising when it pins a dynamic size).
using Decider = std::function<bool(const SymBool&)>;

// Sizes of each tensor output (a Tensor[] output counts as its elements, in order); nullopt
// when there is no rule for the operator.
std::optional<std::vector<std::vector<SymInt>>> inferSymbolicSizes(const jit::FunctionSchema& schema,
                                                                    const std::vector<MetaArg>& args,
                                                                    const Decider& decide);

// The broadcast of two symbolic shapes (guards decide which sizes are 1 or equal).
std::vector<SymInt> broadcastSizes(const std::vector<SymInt>& a, const std::vector<SymInt>& b, const Decider& decide);

}  // namespace ember::exporter
