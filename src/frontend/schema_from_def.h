// The FunctionSchema a `def` declares: parameter types from annotations (Tensor when there is
// none), default values (constant expressions), and the return type when annotated.
#pragma once

#include "ember/core/function_schema.h"
#include "frontend/tree_views.h"

namespace ember::jit {

// For methods the first parameter (self) is not part of the returned arguments. `returns` is
// empty when the def has no return annotation.
FunctionSchema schemaFromDef(const Def& def, bool isMethod, const TypeResolver& resolveName);

// Evaluates a constant expression (numbers, strings, True/False/None, tuples and lists of
// them) as a default value of type `type`. Throws ErrorReport for anything else.
IValue evaluateDefault(const Expr& expr, const TypePtr& type);

}  // namespace ember::jit
