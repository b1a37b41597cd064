#include "ember/core/operator.h"

#include <algorithm>
#include <limits>
#include <mutex>

#include "core/operator_order.h"

namespace ember::jit {

const char* toString(AliasAnalysisKind kind) {
  switch (kind) {
    case AliasAnalysisKind::INTERNAL_SPECIAL_CASE: return "INTERNAL_SPECIAL_CASE";
    case AliasAnalysisKind::CONSERVATIVE: return "CONSERVATIVE";
    case AliasAnalysisKind::FROM_SCHEMA: return "FROM_SCHEMA";
    case AliasAnalysisKind::PURE_FUNCTION: return "PURE_FUNCTION";
  }
  return "UNKNOWN";
}

namespace {
// Where an overload goes among its name's overloads: PyTorch's position, and after all of
// PyTorch's the overloads it does not have (kept in registration order).
size_t overloadRank(const OperatorPtr& op) {
  return pytorchOverloadRank(op->schema().operatorName()).value_or(std::numeric_limits<size_t>::max());
}

Symbol symbolOf(const FunctionSchema& schema) {
  EMBER_CHECK(schema.name().find("::") != std::string::npos, "operator name '", schema.name(),
              "' needs a namespace, e.g. aten::", schema.name());
  return Symbol::fromQualString(schema.name());
}
}  // namespace

Operator::Operator(FunctionSchema schema, Operation op, AliasAnalysisKind kind)
    : schema_(std::move(schema)), symbol_(symbolOf(schema_)), op_(op), aliasKind_(kind) {
  EMBER_CHECK(op_, "operator ", schema_.str(), " registered without an implementation");
}
Operator::Operator(std::string_view schema, Operation op, AliasAnalysisKind kind)
    : Operator(parseSchema(schema), op, kind) {}
Operator::Operator(FunctionSchema schema, OperationCreator creator, AliasAnalysisKind kind)
    : schema_(std::move(schema)), symbol_(symbolOf(schema_)), creator_(creator), aliasKind_(kind) {
  EMBER_CHECK(creator_, "operator ", schema_.str(), " registered without an operation creator");
}
Operator::Operator(std::string_view schema, OperationCreator creator, AliasAnalysisKind kind)
    : Operator(parseSchema(schema), creator, kind) {}

Operation Operator::operation() const {
  EMBER_CHECK(op_, "operator ", schema_.str(), " needs its node to create an operation");
  return op_;
}

NodeOperation Operator::getOperation(const Node* node) const {
  if (creator_) return creator_(node);
  return NodeOperation(op_);
}

OperatorRegistry& OperatorRegistry::global() {
  static OperatorRegistry registry;
  return registry;
}

OperatorPtr OperatorRegistry::registerOperator(Operator op) {
  auto ptr = std::make_shared<const Operator>(std::move(op));
  std::string key = ptr->schema().operatorName().str();
  std::unique_lock lock(mutex_);
  auto [it, inserted] = byName_.emplace(key, ptr);
  EMBER_CHECK(inserted, "Tried to register operator ", ptr->schema().str(), " but an operator named ", key,
              " is already registered: ", it->second->schema().str());
  auto& overloads = bySymbol_[ptr->symbol()];
  size_t rank = overloadRank(ptr);
  auto pos = std::upper_bound(overloads.begin(), overloads.end(), rank,
                              [](size_t r, const OperatorPtr& other) { return r < overloadRank(other); });
  overloads.insert(pos, ptr);
  all_.push_back(ptr);
  return ptr;
}

void OperatorRegistry::registerOperators(std::vector<Operator> ops) {
  for (auto& op : ops) registerOperator(std::move(op));
}

bool OperatorRegistry::deregisterOperator(const OperatorName& name) {
  std::unique_lock lock(mutex_);
  auto it = byName_.find(name.str());
  if (it == byName_.end()) return false;
  OperatorPtr op = it->second;
  byName_.erase(it);
  auto& overloads = bySymbol_[op->symbol()];
  overloads.erase(std::remove(overloads.begin(), overloads.end(), op), overloads.end());
  all_.erase(std::remove(all_.begin(), all_.end(), op), all_.end());
  return true;
}

std::vector<OperatorPtr> OperatorRegistry::getAllOperatorsFor(Symbol name) const {
  std::shared_lock lock(mutex_);
  auto it = bySymbol_.find(name);
  return it == bySymbol_.end() ? std::vector<OperatorPtr>{} : it->second;
}

OperatorPtr OperatorRegistry::findOperator(const OperatorName& name) const {
  std::shared_lock lock(mutex_);
  auto it = byName_.find(name.str());
  return it == byName_.end() ? nullptr : it->second;
}

OperatorPtr OperatorRegistry::findOperator(std::string_view nameOrSchema) const {
  auto parsed = parseSchemaOrName(nameOrSchema);
  if (auto* name = std::get_if<OperatorName>(&parsed)) return findOperator(*name);
  const auto& schema = std::get<FunctionSchema>(parsed);
  OperatorPtr op = findOperator(schema.operatorName());
  return op && op->schema() == schema ? op : nullptr;
}

std::vector<OperatorPtr> OperatorRegistry::getAllOperators() const {
  std::shared_lock lock(mutex_);
  return all_;
}

size_t OperatorRegistry::size() const {
  std::shared_lock lock(mutex_);
  return all_.size();
}

}  // namespace ember::jit
