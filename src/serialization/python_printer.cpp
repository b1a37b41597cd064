// The Python printer's statements: function headers, the inlining scan, value names, blocks,
// ifs and loops (see python_printer.h for the overall picture).
//
// Note [Inlining]
// A value is printed inside its single user's expression when (a) its node has one output and
// no blocks, (b) it has one use, (c) it has no debug name (the user wrote a variable) unless the
// use is a block's return, (d) it is not loop-carried into prim::Loop nor used by fork/rpc, (e) it
// is not prim::isinstance, and (f) its node comes right where a reverse tree walk over the user's
// inputs expects it (constants skipped), so inlining never reorders side effects. Constants are
// always inlined. The scan runs backwards over each block (scanBlock/scanNode/scanValue).
//
// Note [Long lines]
// An inlined expression of 40 characters or more (counting two per indentation level) is
// printed as its own `_N = ...` statement instead; every inlined non-constant argument of the
// users before it is split out too, in order, so that no side effect moves (splitLongInlines).
#include "serialization/python_printer.h"

#include <algorithm>
#include <limits>

#include "ember/core/symbols.h"
#include "ember/error.h"
#include "serialization/python_printer_impl.h"

namespace ember::jit {
namespace printer_detail {
namespace {

bool isReservedName(const std::string& name) {
  static const std::unordered_set<std::string> kReserved = {
      // names the importer's environment defines
      "_", "as", "aten", "attribute", "CONSTANTS", "fork", "getattr", "inf", "nan", "infj", "nanj", "ops",
      "__torch__",
      // Python keywords, and the printer's own builtins
      "and", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except",
      "False", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "None", "nonlocal", "not",
      "or", "pass", "raise", "return", "True", "try", "uninitialized", "unchecked_cast", "while", "with", "yield"};
  return kReserved.count(name) != 0;
}

bool isConstantLike(const Node* n) { return n->kind() == prim::Constant; }

Node* previousNonConstant(Node* n) {
  do {
    n = n->prev();
  } while (isConstantLike(n));
  return n;
}

// Views of prim::Loop's operands: (max trip count, initial condition, carried...) in, and a body
// block (trip count, carried...) -> (next condition, carried...).
struct LoopView {
  explicit LoopView(Node* n) : node(n), body(n->blocks().at(0)) {}
  Value* maxTripCount() const { return node->input(0); }
  Value* inputCond() const { return node->input(1); }
  ArrayRef<Value*> carriedInputs() const { return node->inputs().slice(2); }
  ArrayRef<Value*> carriedOutputs() const { return node->outputs(); }
  Value* currentTripCount() const { return body->inputs().at(0); }
  ArrayRef<Value*> bodyCarriedInputs() const { return body->inputs().slice(1); }
  Value* nextCond() const { return body->outputs().at(0); }

  enum Kind { For, While, Modified };
  // `for` loops have a constant-true condition on entry and in the body; `while` loops the
  // default (maximal) trip count, unused. Anything else was rewritten by an optimisation.
  Kind kind() const {
    std::optional<IValue> trip = toIValue(maxTripCount());
    std::optional<IValue> condIn = toIValue(inputCond());
    std::optional<IValue> condNext = toIValue(nextCond());
    bool alwaysTrue = condIn && condIn->isBool() && condIn->toBool() && condNext && condNext->isBool() &&
                      condNext->toBool();
    bool tripSpecified = !trip || !trip->isInt() || trip->toInt() != std::numeric_limits<int64_t>::max() ||
                         currentTripCount()->hasUses();
    if (alwaysTrue) return tripSpecified ? For : While;
    return tripSpecified ? Modified : While;
  }

  Node* node;
  Block* body;
};

}  // namespace

bool isValidIdentifier(const std::string& name) {
  if (name.empty()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (i > 0 && c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return true;
}

// ---- names ----

// The suffix counter is looked up by the name just rejected rather than by the candidate, so a
// clash on `_0` advances `_0`'s counter: PyTorch's exact scheme (it decides which `_N` a name gets
// when debug names such as `_0` already exist).
std::string PrinterImpl::genName(const std::string& candidate) {
  std::string name = candidate;
  while (usedNames_.count(name) || isReservedName(name)) {
    name = candidate + std::to_string(nextId_[name]++);
  }
  usedNames_.insert(name);
  return name;
}

std::string PrinterImpl::genUniqueNameFor(const Value* v) {
  return genName(v->hasDebugName() ? v->debugNameBase() : "_");
}

void PrinterImpl::assignValuesToTheirUniqueNames(ArrayRef<Value*> values) {
  for (Value* v : values) assignValue(v, genUniqueNameFor(v));
}

const std::string& PrinterImpl::useOf(const Value* v) const {
  auto it = exprTable_.find(v);
  EMBER_ASSERT(it != exprTable_.end(), "python printer: value %", v->debugName(), " used before it is defined");
  return it->second;
}

// ---- inlining (Note [Inlining]) ----

bool PrinterImpl::canInline(const Value* v) const {
  const Node* n = v->node();
  if (n->outputs().size() != 1 || v->uses().size() != 1 || !n->blocks().empty()) return false;
  const Use& use = v->uses()[0];
  Symbol userKind = use.user->kind();
  if (v->hasDebugName() && userKind != prim::Return) return false;
  if (userKind == prim::Loop && use.offset >= 2) return false;
  if (userKind == prim::fork || userKind == prim::rpc_async || userKind == prim::rpc_sync ||
      userKind == prim::rpc_remote)
    return false;
  // A condition made of isinstance would refine types again when read back.
  if (n->kind() == prim::isinstance) return false;
  return true;
}

Node* PrinterImpl::scanValue(Node* blockPoint, Value* v) {
  Node* n = v->node();
  if (n == blockPoint && canInline(v)) {
    blockPoint = scanNode(blockPoint);
    outputInline_.insert(n);
  } else if (isConstantLike(n)) {
    outputInline_.insert(n);
  }
  return blockPoint;
}

Node* PrinterImpl::scanNode(Node* n) {
  if (outputInline_.count(n)) return n;
  for (Block* b : n->blocks()) scanBlock(b);
  Node* blockPoint = previousNonConstant(n);
  ArrayRef<Value*> inputs = n->inputs();
  for (size_t i = inputs.size(); i-- > 0;) blockPoint = scanValue(blockPoint, inputs[i]);
  return blockPoint;
}

void PrinterImpl::scanBlock(const Block* b) {
  scanNode(b->returnNode());
  for (Node* n : b->nodes().reverse()) scanNode(n);
}

void PrinterImpl::buildConstantList(const Node* n, std::vector<Node*>& constants) const {
  for (Value* in : n->inputs()) {
    Node* def = in->node();
    if (isConstantLike(def) && std::find(constants.begin(), constants.end(), def) == constants.end())
      constants.push_back(def);
  }
  for (const Block* b : n->blocks()) buildConstantList(b, constants);
}

void PrinterImpl::buildConstantList(const Block* b, std::vector<Node*>& constants) const {
  for (const Node* n : b->nodes()) buildConstantList(n, constants);
  buildConstantList(b->returnNode(), constants);
}

// ---- long lines (Note [Long lines]) ----

bool PrinterImpl::isLongLine(const std::string& s) const { return s.size() + static_cast<size_t>(level_) * 2 >= 40; }

bool PrinterImpl::isNonConstantInline(const Value* v) const {
  return v->node()->kind() != prim::Constant && outputInline_.count(v->node());
}

void PrinterImpl::splitLongInlines(const Value* v) {
  std::vector<const Value*> toSplitReversed;
  const Use& u = v->uses().at(0);
  scanLongInlines(u.user, static_cast<int64_t>(u.offset), toSplitReversed);
  for (auto it = toSplitReversed.rbegin(); it != toSplitReversed.rend(); ++it) {
    std::string expr = useOf(*it);
    printOutputDefinition((*it)->node(), expr);
  }
}

void PrinterImpl::scanLongInlines(Node* user, int64_t offset, std::vector<const Value*>& toSplitReversed) {
  auto it = visitedSplitInlineUses_.find(user);
  bool present = it != visitedSplitInlineUses_.end();
  int64_t stop = present ? it->second + 1 : 0;
  for (int64_t i = offset; i >= stop; --i) {
    const Value* prev = user->input(static_cast<size_t>(i));
    if (isNonConstantInline(prev)) toSplitReversed.push_back(prev);
  }
  visitedSplitInlineUses_[user] = offset;
  if (!present && outputInline_.count(user)) {
    const Use& u = user->output()->uses().at(0);
    // The user itself is still being printed, so its own slot cannot be split: start before it.
    scanLongInlines(u.user, static_cast<int64_t>(u.offset) - 1, toSplitReversed);
  }
}

// ---- statements ----

void PrinterImpl::indent() {
  for (int i = 0; i < level_; ++i) body_ << "  ";
}

void PrinterImpl::printValueList(std::ostream& out, ArrayRef<Value*> values, const char* begin, const char* end,
                                 const char* delimiter) const {
  out << begin;
  const char* sep = "";
  for (Value* v : values) {
    out << sep << useOf(v);
    sep = delimiter;
  }
  out << end;
}

void PrinterImpl::printOutputDefinition(const Node* node, const std::string& expr) {
  assignValuesToTheirUniqueNames(node->outputs());
  indent();
  if (!node->outputs().empty()) {
    printValueList(body_, node->outputs());
    body_ << " = ";
  }
  body_ << expr << "\n";
}

// `a, b = x, y`; a single Optional/Union target is annotated the first time it is assigned so
// that reading the code back gives the same type.
void PrinterImpl::printAssignment(ArrayRef<Value*> lhs, ArrayRef<Value*> rhs) {
  if (lhs.empty()) return;
  indent();
  printValueList(body_, lhs);
  if (lhs.size() == 1) {
    Value* v = lhs[0];
    TypeKind k = v->type()->kind();
    if (!annotatedUnions_.count(v) && (k == TypeKind::UnionType || k == TypeKind::OptionalType)) {
      body_ << " : " << v->type()->annotation_str();
      annotatedUnions_.insert(v);
    }
  }
  body_ << " = ";
  printValueList(body_, rhs);
  body_ << "\n";
}

void PrinterImpl::printBlock(const Block* b, bool hasOtherStatements) {
  // Python needs `pass` in an empty block; the caller says whether assignments will follow.
  if (!hasOtherStatements && b->nodes().begin() == b->nodes().end()) {
    indent();
    body_ << "pass\n";
  }
  for (Node* n : b->nodes()) printNode(n, false);
}

void PrinterImpl::printIf(Node* node) {
  assignValuesToTheirUniqueNames(node->outputs());
  indent();
  body_ << "if " << useOf(node->input(0)) << ":\n";
  bool hasOutputs = !node->outputs().empty();
  {
    Indented guard(*this);
    printBlock(node->blocks().at(0), hasOutputs);
    printAssignment(node->outputs(), node->blocks().at(0)->outputs());
  }
  indent();
  body_ << "else:\n";
  {
    Indented guard(*this);
    printBlock(node->blocks().at(1), hasOutputs);
    printAssignment(node->outputs(), node->blocks().at(1)->outputs());
  }
}

void PrinterImpl::printLoop(Node* node) {
  LoopView loop(node);
  LoopView::Kind kind = loop.kind();
  EMBER_CHECK(kind != LoopView::Modified,
              "loop cannot be printed as python because it has gone through an optimization that combined while "
              "and for loops. File a bug");
  bool asFor = kind == LoopView::For;
  assignValuesToTheirUniqueNames(loop.carriedOutputs());
  // Loop-carried values live in the outputs' names: the body's inputs are aliases of them.
  ArrayRef<Value*> bodyIns = loop.bodyCarriedInputs();
  ArrayRef<Value*> outs = loop.carriedOutputs();
  for (size_t i = 0; i < bodyIns.size() && i < outs.size(); ++i) assignValue(bodyIns[i], useOf(outs[i]));
  // Initial values, one line each (annotated `x: Optional[T] = ...` the first time).
  ArrayRef<Value*> ins = loop.carriedInputs();
  for (size_t i = 0; i < outs.size(); ++i) {
    Value* v = outs[i];
    indent();
    body_ << useOf(v);
    TypeKind k = v->type()->kind();
    if (!annotatedUnions_.count(v) && (k == TypeKind::UnionType || k == TypeKind::OptionalType)) {
      body_ << ": " << v->type()->annotation_str();
      annotatedUnions_.insert(v);
    }
    body_ << " = " << useOf(ins[i]) << "\n";
    // The body's carried input is the same Python variable: annotated once is enough.
    if (annotatedUnions_.count(v) && i < bodyIns.size()) annotatedUnions_.insert(bodyIns[i]);
  }
  Value* trip = loop.currentTripCount();
  assignValuesToTheirUniqueNames(trip);
  if (asFor) {
    indent();
    body_ << "for " << useOf(trip) << " in range(" << useOf(loop.maxTripCount()) << "):\n";
  } else {
    // A while loop keeps its condition in the (otherwise unused) trip-count variable.
    printAssignment(trip, loop.inputCond());
    indent();
    body_ << "while " << useOf(trip) << ":\n";
  }
  Indented guard(*this);
  size_t offset = asFor ? 1 : 0;
  ArrayRef<Value*> carried = loop.body->inputs().slice(offset);
  printBlock(loop.body, !carried.empty());
  printAssignment(carried, loop.body->outputs().slice(offset));
}

void PrinterImpl::printNode(Node* node, bool printConst) {
  scanTypeDependencies(node);
  if (!printConst && isConstantLike(node)) return;
  Symbol k = node->kind();
  if (k == prim::Return) {
    EMBER_CHECK(!options_.enforceImportable || node->inputs().size() == 1,
                "Exportable methods must have a single return value. Normal use of ScriptMethods should enforce this");
    if (!node->inputs().empty()) {
      indent();
      body_ << "return ";
      printValueList(body_, node->inputs());
      body_ << "\n";
    }
  } else if (k == prim::Loop) {
    printLoop(node);
  } else if (k == prim::If) {
    printIf(node);
  } else if (k == prim::TupleUnpack || k == prim::ListUnpack) {
    // `a, b, = t`: the trailing comma makes even a single target an unpacking.
    assignValuesToTheirUniqueNames(node->outputs());
    indent();
    if (!node->outputs().empty()) printValueList(body_, node->outputs(), "", ", = ");
    body_ << useOf(node->input(0)) << "\n";
  } else if (k == prim::SetAttr) {
    indent();
    body_ << useOf(node->input(0)) << "." << node->s(attr::name) << " = " << useOf(node->input(1)) << "\n";
  } else if (k == prim::fork) {
    std::string name = genName("__forked_function");
    std::shared_ptr<Graph> sub = node->g(attr::Subgraph);
    indent();
    body_ << "def " << name << "():\n";
    for (size_t i = 0; i < node->inputs().size(); ++i) assignValue(sub->inputs().at(i), useOf(node->input(i)));
    printBody(sub->block());
    printOutputDefinition(node, "fork(" + name + ")");
  } else if (k == prim::Enter) {
    indent();
    body_ << "with " << useOf(node->input(0));
    if (node->output()->hasUses()) {
      assignValue(node->output(), genUniqueNameFor(node->output()));
      body_ << " as " << useOf(node->output());
    }
    body_ << ":\n";
    ++level_;
  } else if (k == prim::Exit) {
    if (node->prev()->kind() == prim::Enter) {
      indent();
      body_ << "pass\n";
    }
    --level_;
  } else if (k == prim::Closure) {
    EMBER_CHECK(!options_.enforceImportable, "closures are not exportable");
    assignValuesToTheirUniqueNames(node->outputs());
    std::shared_ptr<Graph> sub = node->g(attr::Subgraph);
    indent();
    body_ << "def " << useOf(node->output()) << "(";
    assignValuesToTheirUniqueNames(sub->inputs());
    for (size_t i = 0; i < sub->inputs().size(); ++i) {
      Value* v = sub->inputs()[i];
      body_ << (i ? ", " : "") << useOf(v) << ": " << annotation(v->type());
    }
    body_ << "):\n";
    printBody(sub->block());
  } else if (k == prim::ModuleContainerIndex) {
    Value* out = node->output();
    assignValuesToTheirUniqueNames(out);
    indent();
    body_ << useOf(out) << " : " << annotation(out->type()) << " = " << useOf(node->input(0)) << "["
          << useOf(node->input(1)) << "]\n";
  } else {
    std::string expr = printRHS(node);
    // Long constants get a name at the top; long inlined non-constants are split at their use.
    if (!outputInline_.count(node) || (k == prim::Constant && isLongLine(expr))) {
      printOutputDefinition(node, expr);
    } else {
      assignValue(node->output(), expr);
      if (isLongLine(expr)) splitLongInlines(node->output());
    }
  }
}

void PrinterImpl::printBody(const Block* body) {
  // Constants come first in order of use: most are inlined, long ones get a name here.
  std::vector<Node*> constants;
  buildConstantList(body, constants);
  scanBlock(body);
  Indented guard(*this);
  for (Node* n : constants) printNode(n, true);
  printBlock(body, !body->returnNode()->inputs().empty());
  printNode(body->returnNode(), false);
}

void PrinterImpl::printDefaultValue(const Argument& arg, std::ostream& out, const IValue& value) {
  out << "=";
  // A broadcasting list (`int[2] stride=1`) prints its scalar default repeated.
  if (arg.type()->kind() == TypeKind::ListType && (value.isInt() || value.isDouble() || value.isBool())) {
    EMBER_ASSERT(arg.N().has_value(), "expected a broadcasting list for argument ", arg.name());
    out << "[";
    for (int32_t i = 0; i < *arg.N(); ++i) {
      if (i) out << ", ";
      printConstant(out, value);
    }
    out << "]";
    return;
  }
  printConstant(out, value);
}

void PrinterImpl::printGraphFunction(const Graph& graph, const FunctionSchema& schema, bool printFirstArgumentType) {
  usedNames_.clear();  // every function may reuse local names
  // Per-graph bookkeeping is keyed by node and value addresses, which a later graph may reuse.
  exprTable_.clear();
  outputInline_.clear();
  visitedSplitInlineUses_.clear();
  indent();
  body_ << "def " << schema.name() << "(";
  ArrayRef<Value*> inputs = graph.inputs();
  EMBER_CHECK(schema.arguments().size() <= inputs.size(), "python printer: schema of ", schema.name(), " has ",
              schema.arguments().size(), " arguments but its graph ", inputs.size(), " inputs");
  for (size_t i = 0; i < schema.arguments().size(); ++i) {
    const Argument& arg = schema.arguments()[i];
    registerClassDependencies(arg.type());
    std::string argName = genName(arg.name());
    if (i == 0) {
      body_ << argName;
      if (printFirstArgumentType) body_ << ": " << annotation(arg.type());
    } else {
      body_ << ",\n    " << argName << ": " << annotation(arg.type());
    }
    if (arg.defaultValue()) printDefaultValue(arg, body_, *arg.defaultValue());
    assignValue(inputs[i], argName);
  }
  EMBER_CHECK(!schema.returns().empty(), "python printer: ", schema.name(), " has no return type");
  const TypePtr& ret = schema.returns().at(0).type();
  body_ << ") -> " << annotation(ret) << ":\n";
  registerClassDependencies(ret);
  printBody(graph.block());
}

void PrinterImpl::printFunction(const Function& fn, bool printFirstArgumentType) {
  std::shared_ptr<Graph> graph = fn.graph();
  EMBER_CHECK(graph, "python printer: ", fn.qualname(), " is not a graph function");
  printGraphFunction(*graph, fn.getSchema(), printFirstArgumentType);
}

// ---- dependencies ----

void PrinterImpl::addDependency(const TypePtr& type) {
  if (depsSeen_.insert(type.get()).second) deps_.push_back(type);
}

void PrinterImpl::registerClassDependencies(const TypePtr& type) {
  switch (type->kind()) {
    case TypeKind::ClassType:
    case TypeKind::InterfaceType:
    case TypeKind::EnumType:
      addDependency(type);
      break;
    case TypeKind::TupleType: {
      const auto& schema = type->expectRef<TupleType>().schema();
      if (schema && !schema->qualifiedName.empty()) addDependency(type);
      break;
    }
    default:
      break;
  }
  for (const TypePtr& t : type->containedTypes()) registerClassDependencies(t);
}

void PrinterImpl::scanTypeDependencies(const Node* node) {
  for (const Value* v : node->inputs()) registerClassDependencies(v->type());
  for (const Value* v : node->outputs()) registerClassDependencies(v->type());
  for (Symbol name : node->attributeNames()) {
    AttributeKind kind = node->kindOf(name);
    if (kind == AttributeKind::ty) registerClassDependencies(node->ty(name));
    if (kind == AttributeKind::tys)
      for (const TypePtr& t : node->tys(name)) registerClassDependencies(t);
  }
}

}  // namespace printer_detail

// ---- public API ----

PythonPrinter::PythonPrinter(std::vector<IValue>& constantTable, PythonPrintOptions options)
    : impl_(std::make_unique<printer_detail::PrinterImpl>(constantTable, std::move(options))) {}

PythonPrinter::~PythonPrinter() = default;

void PythonPrinter::printFunction(const Function& fn) { impl_->printFunction(fn, true); }
void PythonPrinter::printMethod(const Function& fn) { impl_->printFunction(fn, false); }
void PythonPrinter::printGraph(const Graph& graph, const FunctionSchema& schema, bool printFirstArgumentType) {
  impl_->printGraphFunction(graph, schema, printFirstArgumentType);
}
void PythonPrinter::printNamedType(const TypePtr& type) { impl_->printNamedType(type); }
std::string PythonPrinter::str() const { return impl_->str(); }
const std::vector<TypePtr>& PythonPrinter::dependencies() const { return impl_->dependencies(); }

std::string pythonPrint(const Graph& graph, const std::string& name, std::vector<IValue>* constants) {
  std::vector<Argument> args;
  for (size_t i = 0; i < graph.inputs().size(); ++i) {
    const Value* in = graph.inputs()[i];
    args.emplace_back(in->hasDebugName() ? in->debugNameBase() : "argument_" + std::to_string(i),
                      unshapedType(in->type()));
  }
  std::vector<Argument> rets;
  for (const Value* out : graph.outputs()) rets.emplace_back("", unshapedType(out->type()));
  FunctionSchema schema(name, "", std::move(args), std::move(rets));
  std::vector<IValue> local;
  PythonPrinter printer(constants ? *constants : local);
  printer.printGraph(graph, schema, true);
  return printer.str();
}

}  // namespace ember::jit
