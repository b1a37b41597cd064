// The Python printer's class declarations: TorchScript classes and modules (attributes with their
// types, `__parameters__`/`__buffers__`, `Final` constants, then the methods), NamedTuples,
// interfaces and enums, as archives store them under `code/`.
#include <sstream>

#include "ember/core/enum_type.h"
#include "ember/core/function_schema.h"
#include "ember/error.h"
#include "serialization/python_printer_impl.h"

namespace ember::jit::printer_detail {
namespace {

std::string lastAtom(const std::string& qualified) {
  size_t dot = qualified.rfind('.');
  return dot == std::string::npos ? qualified : qualified.substr(dot + 1);
}

}  // namespace

void PrinterImpl::printClass(const ClassTypePtr& cls) {
  // A class with a method that is not a graph is bound from C++ and must exist where the code
  // is loaded: there is nothing to print.
  for (const Function* m : cls->methods())
    if (!m->isGraphFunction()) return;
  body_ << "class " << cls->name() << (cls->isModule() ? "(Module)" : "") << ":\n";
  Indented guard(*this);
  const auto& attrs = cls->attributes();
  if (cls->isModule()) {
    // The importer learns which attributes are parameters and buffers from these lists.
    indent();
    body_ << "__parameters__ = [";
    for (const ClassAttribute& a : attrs)
      if (a.kind == ClassAttribute::Kind::Parameter) body_ << "\"" << a.name << "\", ";
    body_ << "]\n";
    indent();
    body_ << "__buffers__ = [";
    for (const ClassAttribute& a : attrs)
      if (a.kind == ClassAttribute::Kind::Buffer) body_ << "\"" << a.name << "\", ";
    body_ << "]\n";
  }
  for (size_t i = 0; i < attrs.size(); ++i) {
    registerClassDependencies(attrs[i].type);
    indent();
    if (isValidIdentifier(attrs[i].name)) {
      body_ << attrs[i].name << " : " << annotation(attrs[i].type) << "\n";
    } else {
      // Names such as ModuleList's "0" go through the annotations dict.
      if (i == 0) {
        body_ << "__annotations__ = []\n";
        indent();
      }
      body_ << "__annotations__[\"" << attrs[i].name << "\"] = " << annotation(attrs[i].type) << "\n";
    }
  }
  for (size_t i = 0; i < cls->numConstants(); ++i) {
    const IValue& v = cls->getConstant(i);
    indent();
    body_ << cls->getConstantName(i) << " : Final[" << annotation(v.type()) << "] = ";
    printConstant(body_, v);
    body_ << "\n";
  }
  for (const Function* m : cls->methods()) printFunction(*m, true);
}

void PrinterImpl::printInterface(const InterfaceType& iface) {
  body_ << "class " << iface.name() << (iface.isModule() ? "(ModuleInterface):\n" : "(Interface):\n");
  Indented guard(*this);
  for (const auto& method : iface.methods()) {
    const auto& args = method->arguments();
    EMBER_ASSERT(!args.empty() && args[0].name() == "self", "interface method ", method->name(), " lacks self");
    indent();
    body_ << "def " << method->name() << "(self";
    for (size_t i = 1; i < args.size(); ++i) {
      registerClassDependencies(args[i].type());
      body_ << ", " << args[i].name() << ": " << annotation(args[i].type());
    }
    const TypePtr& ret = method->returns().at(0).type();
    registerClassDependencies(ret);
    body_ << ") -> " << annotation(ret) << ":\n";
    indent();
    body_ << "  pass\n";
  }
}

void PrinterImpl::printNamedType(const TypePtr& type) {
  switch (type->kind()) {
    case TypeKind::FunctionType: {
      const Function* fn = type->expectRef<FunctionType>().function();
      EMBER_CHECK(fn, "python printer: function type without a function");
      printFunction(*fn, true);
      return;
    }
    case TypeKind::ClassType:
      printClass(type->expect<ClassType>());
      return;
    case TypeKind::TupleType: {
      const auto& tt = type->expectRef<TupleType>();
      EMBER_CHECK(tt.schema() && !tt.schema()->qualifiedName.empty(), "python printer: ", type->str(),
                  " is not a NamedTuple");
      body_ << "class " << lastAtom(tt.schema()->qualifiedName) << "(NamedTuple):\n";
      Indented guard(*this);
      for (size_t i = 0; i < tt.elements().size(); ++i) {
        indent();
        body_ << tt.schema()->fieldNames.at(i) << " : " << annotation(tt.elements()[i]) << "\n";
      }
      return;
    }
    case TypeKind::InterfaceType:
      printInterface(type->expectRef<InterfaceType>());
      return;
    case TypeKind::EnumType: {
      const auto& et = type->expectRef<EnumType>();
      body_ << "class " << lastAtom(et.qualifiedName()) << "(Enum):\n";
      const char* quote = et.getValueType()->kind() == TypeKind::StringType ? "\"" : "";
      Indented guard(*this);
      for (const auto& [name, value] : et.enumNamesValues()) {
        indent();
        body_ << name << " = " << quote;
        if (value.isDouble()) body_ << formatDouble(value.toDouble());
        else body_ << value;
        body_ << quote << "\n";
      }
      return;
    }
    default:
      EMBER_ERROR("python printer: ", type->str(), " is not a named type");
  }
}

}  // namespace ember::jit::printer_detail
