// Overload resolution: matching a call's argument types (positional, keyword, `self`) against
// operator schemas with TorchScript's rules:
//  - defaults fill missing arguments; keyword-only arguments must be passed by name;
//  - a single int/float is accepted for a fixed-size list `int[2]` (repeated N times);
//  - trailing positional arguments are packed into a list argument: zeros(2, 3) for int[] size;
//  - homogeneous tuples convert to lists; None and T both match Optional[T];
//  - type variables (`t`) bind on first use and must unify afterwards;
//  - only in a second pass ("conversions allowed"), implicit conversions: Tensor to
//    int/float/complex/number, number to int/float/complex (never bool: `True + 1` is rejected), str to
//    Device. Plain int is never converted to float: Scalar/number accepts int and float as is.
// The result tells the caller (the IR emitter) where each schema argument comes from and which
// conversion to insert, so emitting the call needs no second resolution.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "ember/core/function_schema.h"
#include "ember/core/operator.h"
#include "ember/core/symbol.h"
#include "ember/core/type.h"

namespace ember::jit {

// One actual argument of a call, described by its static type.
struct CallArgument {
  TypePtr type;
  std::string name;                // keyword name; empty for positional arguments and self
  bool isEmptyListLiteral = false;  // an unannotated `[]`: matches any list type
};

// Where one schema argument's value comes from.
struct ArgumentSource {
  enum class Kind : uint8_t {
    Positional,  // args[index]
    Keyword,     // kwargs[index]
    Self,        // the `self` value
    Default,     // the schema's default value
    PackedList,  // args[index..] packed into a list (zeros(2, 3))
  };
  // An implicit conversion to apply to the value before the call.
  enum class Conversion : uint8_t {
    None,
    RepeatToList,   // int/float broadcast to a fixed-size list of N elements
    TupleToList,    // homogeneous tuple converted to a list
    EmptyListToTyped,
    TensorToNum,    // aten::IntImplicit / FloatImplicit / ComplexImplicit / ScalarImplicit
    NumberCast,     // aten::Int / aten::Float / aten::Complex on a number or bool
    StrToDevice,    // aten::device
  };
  Kind kind = Kind::Positional;
  size_t index = 0;
  Conversion conversion = Conversion::None;
  // For conversions that are a call, the builtin to insert (aten::FloatImplicit, ...).
  Symbol conversionOp;
  // The argument's type after variables were bound (what the value is converted to).
  TypePtr type;
};

struct MatchedSchema {
  const FunctionSchema* schema = nullptr;
  std::vector<ArgumentSource> inputs;       // one per schema argument, in schema order
  std::vector<size_t> varargs;              // positional indices passed to a vararg schema
  std::vector<TypePtr> returnTypes;         // with type variables resolved
  std::optional<std::vector<std::string>> returnFieldNames;  // when every return is named
  std::string schemaName;                   // "aten::add.Tensor"
};

// Tries one schema. On failure returns nullopt and, when failureMessages is given, writes a
// "\n<schema>:\n<reason>\n" block as TorchScript does.
std::optional<MatchedSchema> tryMatchSchema(const FunctionSchema& schema, const std::vector<CallArgument>& args,
                                            const std::vector<CallArgument>& kwargs,
                                            const std::optional<CallArgument>& self, std::ostream* failureMessages,
                                            bool allowConversions);

// One schema: throws ember::Error with the reason.
MatchedSchema matchSchema(const FunctionSchema& schema, const std::vector<CallArgument>& args,
                          const std::vector<CallArgument>& kwargs, const std::optional<CallArgument>& self = std::nullopt);

// Several overloads: the first that matches without conversions, else the first with them.
// Throws "Arguments for call are not valid.\nThe following variants are available:\n..." listing
// each candidate and why it failed.
std::pair<size_t, MatchedSchema> matchSchemas(const std::vector<const FunctionSchema*>& schemas,
                                              const std::vector<CallArgument>& args,
                                              const std::vector<CallArgument>& kwargs,
                                              const std::optional<CallArgument>& self = std::nullopt);

struct MatchedOperator {
  OperatorPtr op;
  MatchedSchema match;
};
// Resolves a call to `name` among the registry's overloads. Throws if there are none
// ("Unknown builtin op: aten::foo.") or none match.
MatchedOperator matchOperator(const OperatorRegistry& registry, Symbol name, const std::vector<CallArgument>& args,
                              const std::vector<CallArgument>& kwargs = {},
                              const std::optional<CallArgument>& self = std::nullopt);

}  // namespace ember::jit
