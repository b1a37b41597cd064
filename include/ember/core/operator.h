// Operator: a schema plus its implementation, and OperatorRegistry, where subsystems register
// operators and the compiler looks them up (by symbol for overload resolution, by exact name).
//
// Most operators are a plain function over the interpreter stack (Operation), resolved once
// when code is emitted. Operators whose behaviour depends on the node (prim::TupleUnpack needs
// its output count) provide an OperationCreator that builds the callable from the Node.
#pragma once

#include <functional>
#include <memory>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ember/core/function_schema.h"
#include "ember/core/ivalue.h"
#include "ember/core/symbol.h"

namespace ember::jit {

class Node;  // the IR (ember/ir) is a later layer

using Operation = void (*)(Stack& stack);
// A callable that may carry state captured from the node.
using NodeOperation = std::function<void(Stack& stack)>;
using OperationCreator = NodeOperation (*)(const Node* node);

// How alias analysis treats an operator (PyTorch's c10::AliasAnalysisKind).
enum class AliasAnalysisKind : uint8_t {
  INTERNAL_SPECIAL_CASE,  // alias analysis has hand-written rules (prim::If, prim::TupleConstruct, ...)
  CONSERVATIVE,           // may read and write anything reachable from its inputs; never removed
  FROM_SCHEMA,            // the schema's alias annotations are exact
  PURE_FUNCTION,          // no aliasing or side effects regardless of annotations
};
const char* toString(AliasAnalysisKind kind);

class Operator {
 public:
  Operator(FunctionSchema schema, Operation op, AliasAnalysisKind kind = AliasAnalysisKind::FROM_SCHEMA);
  // Parses the schema string (throws on malformed schemas).
  Operator(std::string_view schema, Operation op, AliasAnalysisKind kind = AliasAnalysisKind::FROM_SCHEMA);
  Operator(FunctionSchema schema, OperationCreator creator,
           AliasAnalysisKind kind = AliasAnalysisKind::INTERNAL_SPECIAL_CASE);
  Operator(std::string_view schema, OperationCreator creator,
           AliasAnalysisKind kind = AliasAnalysisKind::INTERNAL_SPECIAL_CASE);

  const FunctionSchema& schema() const { return schema_; }
  // aten::add for aten::add.Tensor.
  Symbol symbol() const { return symbol_; }
  AliasAnalysisKind aliasAnalysisKind() const { return aliasKind_; }
  // A direct function pointer exists (no per-node state needed).
  bool hasOperation() const { return op_ != nullptr; }
  Operation operation() const;
  // The callable for `node`: the creator's result, or the plain operation.
  NodeOperation getOperation(const Node* node = nullptr) const;

 private:
  FunctionSchema schema_;
  Symbol symbol_;
  Operation op_ = nullptr;
  OperationCreator creator_ = nullptr;
  AliasAnalysisKind aliasKind_;
};

using OperatorPtr = std::shared_ptr<const Operator>;

class OperatorRegistry {
 public:
  OperatorRegistry() = default;
  OperatorRegistry(const OperatorRegistry&) = delete;
  OperatorRegistry& operator=(const OperatorRegistry&) = delete;

  // The process-wide registry that the runtime's operator libraries register into.
  static OperatorRegistry& global();

  // Throws if an operator with the same name and overload name is already registered.
  OperatorPtr registerOperator(Operator op);
  void registerOperators(std::vector<Operator> ops);
  // Returns whether an operator was removed.
  bool deregisterOperator(const OperatorName& name);

  // All overloads of `aten::add`, in the order TorchScript tries them: those PyTorch 1.13 has in
  // its registration order (src/core/data/overload_order.txt), then the others in ember's.
  std::vector<OperatorPtr> getAllOperatorsFor(Symbol name) const;
  // Exact lookup: {"aten::add", "Tensor"}; nullptr if absent.
  OperatorPtr findOperator(const OperatorName& name) const;
  // "aten::add.Tensor" or "aten::add" (overload name ""), or a full schema string.
  OperatorPtr findOperator(std::string_view nameOrSchema) const;
  std::vector<OperatorPtr> getAllOperators() const;
  size_t size() const;

 private:
  mutable std::shared_mutex mutex_;
  std::unordered_map<Symbol, std::vector<OperatorPtr>> bySymbol_;
  std::unordered_map<std::string, OperatorPtr> byName_;  // "aten::add.Tensor"
  std::vector<OperatorPtr> all_;
};

}  // namespace ember::jit
