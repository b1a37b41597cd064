// Nodes and the operator registry: which registered operator a node calls (resolved from its
// kind and input types, then cached), schema-based input lookup, and Graph::insert.
#include <sstream>

#include "ember/core/function_schema.h"
#include "ember/core/operator.h"
#include "ember/core/schema_matching.h"
#include "ember/core/symbols.h"
#include "ember/ir/ir.h"

namespace ember::jit {

namespace {

// True if the node's inputs and outputs fit `schema` exactly, with no implicit conversions.
// A node passes every argument positionally, keyword-only ones included, so its inputs are
// matched as keyword arguments named after the schema's arguments (type variables such as
// `t[]` are still unified by the matcher).
bool nodeMatchesSchema(const Node& n, const FunctionSchema& schema) {
  if (!schema.isVarret() && n.outputs().size() != schema.returns().size()) return false;
  std::vector<CallArgument> positional, named;
  if (schema.isVararg()) {
    for (const Value* v : n.inputs()) positional.push_back(CallArgument{v->type(), "", false});
  } else {
    if (n.inputs().size() != schema.arguments().size()) return false;
    for (size_t i = 0; i < n.inputs().size(); ++i)
      named.push_back(CallArgument{n.inputs()[i]->type(), schema.arguments()[i].name(), false});
  }
  return tryMatchSchema(schema, positional, named, std::nullopt, nullptr, /*allowConversions=*/false).has_value();
}

}  // namespace

void Node::lookupOperator() const {
  opLooked_ = true;
  op_ = nullptr;
  for (const OperatorPtr& op : OperatorRegistry::global().getAllOperatorsFor(kind_)) {
    if (nodeMatchesSchema(*this, op->schema())) {
      op_ = op.get();  // the registry keeps operators alive for the process
      return;
    }
  }
}

const Operator* Node::maybeOperator() const {
  if (!opLooked_) lookupOperator();
  return op_;
}

const Operator& Node::getOperator() const {
  const Operator* op = maybeOperator();
  if (!op) {
    std::ostringstream msg;
    msg << "Schema not found for node " << kind_.toQualString() << " with input types (";
    for (size_t i = 0; i < inputs_.size(); ++i) msg << (i ? ", " : "") << *inputs_[i]->type();
    msg << ")";
    EMBER_ERROR(msg.str());
  }
  return *op;
}

const FunctionSchema* Node::maybeSchema() const {
  const Operator* op = maybeOperator();
  return op ? &op->schema() : nullptr;
}

const FunctionSchema& Node::schema() const { return getOperator().schema(); }

bool Node::matches(const std::string& signature) const {
  FunctionSchema schema = parseSchema(signature);
  if (Symbol::fromQualString(schema.name()) != kind_) return false;
  return nodeMatchesSchema(*this, schema);
}

Value* Node::namedInput(const std::string& name) const {
  const FunctionSchema& s = schema();
  const auto& args = s.arguments();
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].name() == name) return inputs_.at(i);
  EMBER_ERROR("no argument named '", name, "' in ", s.name());
}

std::optional<IValue> Node::get(Symbol name) const {
  return toIValue(namedInput(std::string(name.toUnqualString())));
}

namespace {

CallArgument callArgument(const NamedValue& v) {
  CallArgument a;
  a.name = v.name().value_or("");
  a.type = v.isConstant() ? v.constant().type() : v.valueOrNull()->type();
  return a;
}

// Materialises one schema argument of a matched call in `g`.
Value* argumentValue(Graph& g, const MatchedSchema& m, size_t i, ArrayRef<NamedValue> args,
                     ArrayRef<NamedValue> kwargs) {
  const ArgumentSource& src = m.inputs[i];
  Value* v = nullptr;
  switch (src.kind) {
    case ArgumentSource::Kind::Positional: v = args[src.index].value(g); break;
    case ArgumentSource::Kind::Keyword: v = kwargs[src.index].value(g); break;
    case ArgumentSource::Kind::Default: {
      const auto& def = m.schema->arguments()[i].defaultValue();
      EMBER_ASSERT(def.has_value(), "matched a default for an argument without one");
      v = g.insertConstant(*def);
      break;
    }
    case ArgumentSource::Kind::PackedList: {
      std::vector<Value*> items;
      for (size_t k = src.index; k < args.size(); ++k) items.push_back(args[k].value(g));
      TypePtr elem = items.empty() ? IntType::get() : items[0]->type();
      v = g.insertNode(g.createList(elem, items))->output();
      break;
    }
    case ArgumentSource::Kind::Self: EMBER_ERROR("Graph::insert does not take a self argument");
  }
  switch (src.conversion) {
    case ArgumentSource::Conversion::None:
    case ArgumentSource::Conversion::EmptyListToTyped: break;
    case ArgumentSource::Conversion::RepeatToList: {
      auto n = m.schema->arguments()[i].N();
      std::vector<Value*> items(static_cast<size_t>(n.value_or(1)), v);
      v = g.insertNode(g.createList(v->type(), items))->output();
      break;
    }
    default: {
      // Conversions that call an operator (aten::Int, aten::device, ...): one input, one output.
      Node* conv = g.insertNode(g.create(src.conversionOp, {v}));
      conv->output()->setType(src.type);
      v = conv->output();
    }
  }
  return v;
}

}  // namespace

Value* Graph::insert(Symbol opname, ArrayRef<NamedValue> args, ArrayRef<NamedValue> kwargs,
                     const std::optional<SourceRange>& range) {
  std::vector<CallArgument> callArgs, callKwargs;
  for (const auto& a : args) callArgs.push_back(callArgument(a));
  for (const auto& k : kwargs) {
    EMBER_CHECK(k.name().has_value(), "Graph::insert: keyword argument without a name");
    callKwargs.push_back(callArgument(k));
  }
  MatchedOperator matched = matchOperator(OperatorRegistry::global(), opname, callArgs, callKwargs);
  const MatchedSchema& m = matched.match;
  std::vector<Value*> inputs;
  for (size_t i = 0; i < m.inputs.size(); ++i) inputs.push_back(argumentValue(*this, m, i, args, kwargs));
  for (size_t k : m.varargs) inputs.push_back(args[k].value(*this));
  Node* n = insertNode(create(opname, inputs, 0));
  if (range) n->setSourceRange(*range);
  for (const TypePtr& t : m.returnTypes) n->addOutput()->setType(t);
  if (n->outputs().size() == 1) return n->output();
  Node* tup = insertNode(createTuple(n->outputs()));
  if (range) tup->setSourceRange(*range);
  return tup->output();
}

}  // namespace ember::jit
