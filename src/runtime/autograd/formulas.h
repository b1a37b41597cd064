// The table of derivative formulas: which TorchScript def (derivatives_source.cpp) is the
// backward of which operator, the parameters each def reads, and its compiled Function (compiled
// on first use by the frontend's compiler, shared by the whole process).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "ember/core/function.h"
#include "ember/core/function_schema.h"

namespace ember::autograd {

extern const char* const kDerivativesSource;

// A further file of formulas (derivatives_<family>.cpp): its TorchScript defs, compiled in one
// unit after kDerivativesSource (so they may call its helpers) the first time one of them is
// needed, and the operators they cover.
struct FormulaShard {
  const char* source;
  const std::pair<const char*, const char*>* ops;
  size_t count;
};

extern const FormulaShard kNnRestFormulas;
extern const FormulaShard kLinalgFormulas;
extern const FormulaShard kFftFormulas;
extern const FormulaShard kSpecialScatterFormulas;
extern const FormulaShard kMiscFormulas;
extern const FormulaShard kMiscRestFormulas;

struct Formula {
  std::string defName;
  // The def's parameters in order, and for each whether its body reads it (what is not read is
  // not saved by the forward).
  std::vector<std::string> params;
  std::vector<bool> used;
  // Index in the shard list of the file it comes from, -1 for derivatives_source.cpp.
  int shard = -1;
};

// The formula of `schema` (an in-place `aten::mul_.Tensor` uses `aten::mul.Tensor`'s); nullptr
// when the op has none.
const Formula* findFormula(const jit::FunctionSchema& schema);

// Ops whose results never carry gradient (factories like zeros_like, detach, the autograd ops
// themselves): no node is recorded for them even if an input requires grad.
bool isNonDifferentiable(const jit::FunctionSchema& schema);

// Compiles TorchScript source with the compiler the frontend installed (throws without one),
// after the helpers formulas and decompositions share (_dim_of, _expand_param).
std::vector<std::shared_ptr<jit::Function>> compileAutogradSource(const char* source);

// The compiled def (throws if no compiler is installed, i.e. the frontend is not linked).
jit::Function& compiledFormula(const Formula& formula);

}  // namespace ember::autograd
