// The Python printer's expressions: the right-hand side of one node, with its inputs already
// printed (names or inlined expressions). Operators print as `torch.<name>(...)` for aten and
// `ops.<ns>.<name>(...)` otherwise; trailing arguments equal to their schema default are dropped
// and keyword-only arguments are written `name=value`.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "ember/core/enum_type.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "serialization/python_printer_impl.h"

namespace ember::jit::printer_detail {
namespace {

void printOpName(std::ostream& out, Symbol kind) {
  static const Symbol kBackward = Symbol::aten("backward");
  static const Symbol kGrad = Symbol::aten("grad");
  // The autograd entry points live under torch.autograd in Python.
  if (kind == kBackward) {
    out << "torch.autograd.backward";
  } else if (kind == kGrad) {
    out << "torch.autograd.grad";
  } else if (kind.is_aten()) {
    out << "torch." << kind.toUnqualString();
  } else {
    out << "ops." << kind.nsName() << "." << kind.toUnqualString();
  }
}

bool sameIValue(const IValue& a, const IValue& b) {
  if (a.tag() != b.tag()) return false;
  if (a.isTensor()) return a.toTensor().implPtr() == b.toTensor().implPtr();
  return a == b;
}

// How many leading inputs must be printed (trailing ones equal to their constant default are
// left out) and how many trailing `out=` arguments the schema has.
std::pair<size_t, size_t> necessaryArgs(const std::vector<Argument>& args, ArrayRef<Value*> inputs) {
  if (args.empty()) return {0, 0};
  int64_t idx = static_cast<int64_t>(args.size()) - 1;
  while (idx >= 0 && args[static_cast<size_t>(idx)].isOut()) --idx;
  size_t numOut = args.size() - static_cast<size_t>(idx + 1);
  if (args.size() < inputs.size()) return {inputs.size(), numOut};
  for (; idx >= 0; --idx) {
    const Argument& arg = args[static_cast<size_t>(idx)];
    if (!arg.defaultValue()) return {static_cast<size_t>(idx + 1), numOut};
    if (static_cast<size_t>(idx) >= inputs.size()) continue;
    std::optional<IValue> actual = toIValue(inputs[static_cast<size_t>(idx)]);
    if (!actual || !sameIValue(*arg.defaultValue(), *actual)) return {static_cast<size_t>(idx + 1), numOut};
  }
  return {0, numOut};
}

}  // namespace

bool elementTypeCanBeInferredFromMembers(const TypePtr& elemType) {
  switch (elemType->kind()) {
    case TypeKind::UnionType:
    case TypeKind::OptionalType:
    case TypeKind::NumberType:
    case TypeKind::InterfaceType:
    case TypeKind::AnyType:
      return false;
    default:
      return true;
  }
}

void PrinterImpl::printDict(std::ostream& out, ArrayRef<Value*> keyValuePairs) const {
  out << "{";
  for (size_t i = 0; i + 1 < keyValuePairs.size(); i += 2) {
    if (i) out << ", ";
    out << useOf(keyValuePairs[i]) << ": " << useOf(keyValuePairs[i + 1]);
  }
  out << "}";
}

void PrinterImpl::printOpCall(std::ostream& out, const Node* node) {
  printOpName(out, node->kind());
  out << "(";
  const FunctionSchema* schema = node->maybeSchema();
  if (!schema && options_.schemaFallback) schema = options_.schemaFallback(*node);
  if (!schema) {
    printValueList(out, node->inputs());
    out << ")";
    return;
  }
  const std::vector<Argument>& args = schema->arguments();
  if (!args.empty()) {
    auto [numNecessary, numOut] = necessaryArgs(args, node->inputs());
    for (size_t i = 0; i < numNecessary && i < node->inputs().size(); ++i) {
      if (i) out << ", ";
      if (i < args.size()) {
        if (args[i].kwargOnly()) out << args[i].name() << "=";
      } else {
        EMBER_ASSERT(schema->isVararg(), "more inputs than arguments in a call of ", schema->name());
      }
      out << useOf(node->input(i));
    }
    for (size_t i = args.size() - numOut; i < args.size(); ++i) {
      out << ", ";
      size_t inputIdx = node->inputs().size() - (args.size() - i);
      if (inputIdx < node->inputs().size()) out << args[i].name() << "=" << useOf(node->input(inputIdx));
    }
  }
  out << ")";
}

std::string PrinterImpl::printRHS(const Node* node) {
  static const Symbol kSorted = Symbol::aten("sorted");
  static const Symbol kUnwrapOptional = Symbol::aten("_unwrap_optional");
  static const Symbol kBeg = Symbol::attr("beg");
  static const Symbol kEnd = Symbol::attr("end");
  std::ostringstream out;
  Symbol k = node->kind();
  if (k == prim::Uninitialized) {
    out << "uninitialized(" << annotation(node->output()->type()) << ")";
  } else if (k == prim::Constant) {
    const TypePtr& t = node->output()->type();
    if (node->outputs().size() == 1 && t->kind() == TypeKind::FunctionType) {
      const auto& fnType = t->expectRef<FunctionType>();
      addDependency(t);
      // A function constant parsed from text may not be bound to a Function yet: its name is
      // all there is (as `fn.code` shows functions of a CompilationUnit).
      if (fnType.function()) out << annotation(t);
      else out << node->s(attr::name);
    } else {
      std::optional<IValue> v = toIValue(node->output());
      EMBER_CHECK(v.has_value(), "python printer: cannot print constant of type ", t->str());
      printConstant(out, *v);
    }
  } else if (k == aten::ScalarImplicit) {
    out << "annotate(number, " << useOf(node->input(0)) << ")";
  } else if (k == prim::ImplicitTensorToNum) {
    out << "annotate(" << annotation(node->output()->type()) << ", " << useOf(node->input(0)) << ")";
  } else if (k == aten::Int) {
    printValueList(out, node->inputs(), "int(", ")");
  } else if (k == aten::Float) {
    printValueList(out, node->inputs(), "float(", ")");
  } else if (k == aten::Bool) {
    printValueList(out, node->inputs(), "bool(", ")");
  } else if (k == aten::str) {
    printValueList(out, node->inputs(), "str(", ")");
  } else if (k == prim::tolist) {  // the dims and element-kind inputs follow from the annotation
    out << "annotate(" << annotation(node->output()->type()) << ", " << useOf(node->input(0)) << ".tolist())";
  } else if (k == aten::__getitem__) {
    // A named receiver is subscripted as is (`xs[0]`); an inlined expression gets parentheses
    // (`(torch.size(x))[0]`), as PyTorch prints them.
    const std::string& receiver = useOf(node->input(0));
    bool plainName = !receiver.empty() && std::all_of(receiver.begin(), receiver.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
    if (plainName) out << receiver << "[" << useOf(node->input(1)) << "]";
    else out << "(" << receiver << ")[" << useOf(node->input(1)) << "]";
  } else if (k == prim::Print) {
    printValueList(out, node->inputs(), "print(", ")");
  } else if (k == kSorted) {
    printValueList(out, node->inputs(), "sorted(", ")");
  } else if (k == prim::TupleConstruct) {
    const auto& tt = node->output()->type()->expectRef<TupleType>();
    if (tt.schema() && !tt.schema()->qualifiedName.empty()) out << annotation(node->output()->type());
    printValueList(out, node->inputs(), "(", node->inputs().size() == 1 ? ",)" : ")");
  } else if (k == prim::TupleIndex) {
    out << "(" << useOf(node->input(0)) << ")[" << useOf(node->input(1)) << "]";
  } else if (k == prim::TupleSlice) {
    out << "(" << useOf(node->input(0)) << ")[" << node->i(kBeg) << ":" << node->i(kEnd) << "]";
  } else if (k == prim::ListConstruct) {
    const TypePtr& listType = node->output()->type();
    const TypePtr& elem = listType->expectRef<ListType>().getElementType();
    // Empty lists and lists whose element type their members do not determine are annotated.
    if (node->inputs().empty()) {
      out << "annotate(" << annotation(listType) << ", [])";
    } else if (!elementTypeCanBeInferredFromMembers(elem)) {
      out << "annotate(" << annotation(listType) << ", ";
      printValueList(out, node->inputs(), "[", "]");
      out << ")";
    } else {
      printValueList(out, node->inputs(), "[", "]");
    }
  } else if (k == prim::DictConstruct) {
    const TypePtr& dictType = node->output()->type();
    const auto& dt = dictType->expectRef<DictType>();
    if (node->inputs().empty() || !elementTypeCanBeInferredFromMembers(dt.getKeyType()) ||
        !elementTypeCanBeInferredFromMembers(dt.getValueType())) {
      out << "annotate(" << annotation(dictType) << ", ";
      printDict(out, node->inputs());
      out << ")";
    } else {
      printDict(out, node->inputs());
    }
  } else if (k == prim::CreateObject) {
    std::string cls = annotation(node->output()->type());
    out << cls << ".__new__(" << cls << ")";
  } else if (k == prim::GetAttr) {
    const std::string& field = node->s(attr::name);
    if (isValidIdentifier(field)) {
      out << useOf(node->input(0)) << "." << field;
    } else {
      out << "getattr(" << useOf(node->input(0)) << ", ";
      printConstant(out, IValue(field));
      out << ")";
    }
  } else if (k == prim::CallFunction) {
    out << useOf(node->input(0)) << "(";
    for (size_t i = 1; i < node->inputs().size(); ++i) out << useOf(node->input(i)) << ", ";
    out << ")";
  } else if (k == prim::CallMethod) {
    const Value* self = node->input(0);
    out << "(" << useOf(self) << ")." << node->s(attr::name) << "(";
    for (size_t i = 1; i < node->inputs().size(); ++i) out << useOf(node->input(i)) << ", ";
    out << ")";
    TypeKind sk = self->type()->kind();
    EMBER_CHECK(sk == TypeKind::ClassType || sk == TypeKind::InterfaceType,
                "python printer: method call on a value of type ", self->type()->str());
    addDependency(self->type());
  } else if (k == kUnwrapOptional) {
    printOpName(out, k);
    out << "(";
    // unwrap_optional(None) needs the Optional type spelled out to be read back.
    const Value* in = node->input(0);
    if (in->type()->kind() == TypeKind::NoneType) {
      out << "annotate(" << annotation(OptionalType::create(node->output()->type())) << ", " << useOf(in) << ")";
    } else {
      out << useOf(in);
    }
    out << ")";
  } else if (k == prim::unchecked_unwrap_optional || k == prim::unchecked_cast) {
    out << "unchecked_cast(" << annotation(node->output()->type()) << ", " << useOf(node->input(0)) << ")";
  } else if (k == prim::isinstance) {
    out << "isinstance(" << useOf(node->input(0)) << ", ";
    const std::vector<TypePtr>& types = node->tys(attr::types);
    if (types.size() == 1) {
      out << annotation(types[0]);
    } else {
      out << "(";
      for (size_t i = 0; i < types.size(); ++i) out << (i ? ", " : "") << annotation(types[i]);
      out << ")";
    }
    out << ")";
  } else if (k == prim::EnumValue) {
    out << "(" << useOf(node->input(0)) << ").value";
  } else if (k == prim::EnumName) {
    out << "(" << useOf(node->input(0)) << ").name";
  } else if (k == prim::PythonOp) {
    // As torch.jit.save refuses a module calling an @torch.jit.ignore'd function.
    std::string name = node->hasAttribute(attr::name) ? node->s(attr::name) : std::string("?");
    EMBER_ERROR("Could not export Python function call '", name, "'. Remove calls to Python functions before export. "
                "Did you forget to add @script or @script_method annotation? If this is a nn.ModuleList, add it to "
                "__constants__:\n", node->sourceRange() ? node->sourceRange()->highlight() : std::string());
  } else {
    printOpCall(out, node);
  }
  return out.str();
}

}  // namespace ember::jit::printer_detail
