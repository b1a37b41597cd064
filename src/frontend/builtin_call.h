// Emitting calls of builtin operators (aten::, prim::) from the frontend: overload resolution
// against OperatorRegistry::global() with TorchScript's rules (schema_matching.h), then the
// nodes for implicit conversions, defaults, packed varargs and the call itself. Several outputs
// are packed into a tuple, as TorchScript does.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "ember/core/schema_matching.h"
#include "ember/ir/ir.h"
#include "frontend/source_range.h"

namespace ember::jit {

// Resolves `name` among its overloads and inserts the call at the graph's insertion point.
// Throws ErrorReport at `loc` when there is no such operator or no overload matches.
Value* emitBuiltinCall(const SourceRange& loc, Graph& g, Symbol name, ArrayRef<NamedValue> args,
                       ArrayRef<NamedValue> kwargs, const std::optional<NamedValue>& self = std::nullopt);

// Whether some overload of `name` takes `self` (of self's type) as its first argument: the test
// for `x.method(...)` being a builtin method.
bool hasBuiltinMethod(Symbol name, const TypePtr& selfType);
// Whether any operator of that name is registered.
bool hasBuiltinOperator(Symbol name);

// Matches a call against one schema (a user function or method) and materialises the inputs in
// schema order (conversions and defaults inserted). Throws ErrorReport at `loc` on mismatch.
struct PreparedCall {
  std::vector<Value*> inputs;
  MatchedSchema match;
};
PreparedCall matchSchemaAndPrepareInputs(const SourceRange& loc, Graph& g, const FunctionSchema& schema,
                                         ArrayRef<NamedValue> args, ArrayRef<NamedValue> kwargs,
                                         const std::optional<NamedValue>& self = std::nullopt);

// Converts `v` to `concrete` where TorchScript does so implicitly (tuple to list, empty list
// literal to a typed list, Tensor to a number and numbers between themselves when
// allowConversions). Returns v unchanged when no conversion applies.
Value* tryConvertToType(const SourceRange& loc, Graph& g, const TypePtr& concrete, Value* v, bool allowConversions);

// A single output as is; several packed in a (possibly named) tuple.
Value* packOutputs(Graph& g, ArrayRef<Value*> values,
                   const std::optional<std::vector<std::string>>& fieldNames = std::nullopt);

// The values of a tuple: the inputs of its TupleConstruct when there is one, else a TupleUnpack.
std::vector<Value*> createTupleUnpack(Value* v);

}  // namespace ember::jit
