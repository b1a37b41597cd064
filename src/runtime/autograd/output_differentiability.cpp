// The table of results autograd leaves alone (output_differentiability.h), keyed by
// "name.overload" or "name" for the overload without a name.
#include "runtime/autograd/output_differentiability.h"

#include <string>
#include <string_view>

namespace ember::autograd {

namespace {

struct Entry {
  const char* op;
  size_t slot;
};

const Entry kNonDifferentiableOutputs[] = {
    {"aten::_ctc_loss", 1},
    {"aten::_ctc_loss.Tensor", 1},
    {"aten::multilabel_margin_loss_forward", 1},
};

}  // namespace

bool isDifferentiableOutput(const jit::FunctionSchema& schema, size_t slot) {
  // Every op listed has two results: single-result calls (nearly all) skip the lookup.
  if (slot == 0 || schema.returns().size() < 2) return true;
  const std::string key =
      schema.overloadName().empty() ? schema.name() : schema.name() + "." + schema.overloadName();
  for (const Entry& e : kNonDifferentiableOutputs)
    if (e.slot == slot && key == e.op) return false;
  return true;
}

}  // namespace ember::autograd
