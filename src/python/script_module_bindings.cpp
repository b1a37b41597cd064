// The C++ half of ember.jit.script for torch.nn.Module instances and TorchScript classes
// (python/ember/_module_script.py walks the Python objects): creating class types with typed
// attributes and constants, declaring methods from Python source (compiled on first use, with a
// resolver that knows the module; see module_value.h), and instantiating the result.
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include "ember/api/module.h"
#include "ember/runtime/graph_function.h"
#include "frontend/compile.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"
#include "frontend/parser.h"
#include "python/ivalue_conversion.h"
#include "python/python_bindings.h"
#include "python/python_resolver.h"
#include "python/script_objects.h"

namespace ember::python {
namespace {

using CUPtr = std::shared_ptr<jit::CompilationUnit>;

jit::ClassTypePtr asClass(const TypePtr& t) {
  auto cls = t ? t->cast<jit::ClassType>() : nullptr;
  EMBER_CHECK_KIND(Type, cls, "expected a class type, got ", t ? t->repr_str() : std::string("None"));
  return cls;
}

TypePtr createClassType(const CUPtr& cu, const std::string& qualname, bool isModule) {
  jit::ClassTypePtr type = jit::ClassType::create(qualname, isModule);
  cu->registerType(type);
  return type;
}

void addAttribute(const TypePtr& t, const std::string& name, const TypePtr& type, const std::string& kind) {
  auto k = kind == "parameter" ? jit::ClassAttribute::Kind::Parameter
           : kind == "buffer"  ? jit::ClassAttribute::Kind::Buffer
                               : jit::ClassAttribute::Kind::Regular;
  asClass(t)->addAttribute(name, type, k);
}

// Annotation text (`List[int]`, `Optional[Tensor]`, a class's qualified name) to a type; class
// names are looked up in `cu`.
TypePtr parseType(const CUPtr& cu, const std::string& text) {
  return jit::parseTypeAnnotation(text, [cu](const std::string& name) -> TypePtr {
    if (TypePtr t = cu->findType(name)) return t;
    return nullptr;
  });
}

// Declares `name` on `type` from the first def in `source` (its Python source, `firstLine` being
// its line in `filename`); the graph is emitted on first use (a call, or define()).
jit::Def parseDef(const std::string& source, const std::string& filename, size_t firstLine, const std::string& name) {
  auto src = std::make_shared<jit::Source>(source, filename, firstLine);
  jit::Parser parser(src, jit::SourceDialect::Python);
  // A method's `# type: (...)` comment leaves out self, as Python's does.
  while (parser.lexer().nextIf(jit::TK_NEWLINE)) {
  }
  if (parser.lexer().cur().kind == jit::TK_DEF) return parser.parseFunction(/*isMethod=*/true);
  jit::List<jit::Stmt> stmts = parser.parseFile();
  EMBER_CHECK(!stmts.empty() && stmts[0].kind() == jit::TK_DEF, "expected a def in the source of ", name);
  return jit::Def(stmts[0].tree());
}

// An overload (`@torch.jit._overload_method`) is the implementation's body under the
// overload's signature: `declSource` is the overload's def when given.
ScriptFunction declareMethod(const CUPtr& cu, const TypePtr& t, const std::string& name, const std::string& source,
                             const std::string& filename, size_t firstLine, py::function resolve, py::object info,
                             const std::string& declSource, const std::string& declFilename, size_t declFirstLine) {
  jit::ClassTypePtr type = asClass(t);
  jit::Def def = parseDef(source, filename, firstLine, name);
  if (!declSource.empty()) def = def.withDecl(parseDef(declSource, declFilename, declFirstLine, name).decl());
  if (def.name().name() != name) def = def.withName(name);
  std::string qualname = type->qualifiedName() + "." + name;
  EMBER_CHECK(!cu->findFunction(qualname), "method '", qualname, "' is already defined");
  jit::ResolverPtr resolver = std::make_shared<PythonResolver>(std::move(resolve), std::move(info));
  jit::CompilationUnit* unit = cu.get();
  jit::GraphFunction* fn = cu->createFunction(qualname, nullptr, [unit, resolver, def, type](jit::GraphFunction& f) {
    jit::Emitter(*unit, f, resolver, type).emitFunction(def);
  });
  type->addMethod(fn);
  return ScriptFunction{cu, fn};
}

void define(const ScriptFunction& f) {
  EMBER_CHECK(f.fn->isGraphFunction(), "'", f.fn->qualname(), "' is not a graph function");
  py::gil_scoped_release noGil;
  static_cast<jit::GraphFunction*>(f.fn)->ensureDefined();
}

// Compiles the `class` definition in `source` (Python dialect, a TorchScript class) into `cu`
// as `typePrefix + name`; returns the class type.
TypePtr compileClass(const CUPtr& cu, const std::string& source, const std::string& filename, size_t firstLine,
                     const std::string& typePrefix, const std::string& name, py::function resolve) {
  definePython(*cu, source, filename, firstLine, typePrefix, typePrefix, std::move(resolve));
  jit::ClassTypePtr type = cu->findClass(typePrefix + name);
  EMBER_CHECK(type, "class '", typePrefix + name, "' was not defined by its source");
  return type;
}

py::object newObject(const CUPtr& cu, const TypePtr& t) {
  jit::ClassTypePtr type = asClass(t);
  if (type->isModule()) return py::cast(jit::Module(cu, type));
  return py::cast(jit::Object(cu, type));
}

}  // namespace

void initScriptModuleBindings(py::module_& m) {
  m.def("_create_class_type", &createClassType, py::arg("cu"), py::arg("qualname"), py::arg("is_module"));
  m.def("_add_attribute", &addAttribute, py::arg("type"), py::arg("name"), py::arg("attr_type"), py::arg("kind"));
  m.def("_add_constant", [](const TypePtr& t, const std::string& name, py::handle value) {
    asClass(t)->addConstant(name, toIValue(value));
  });
  m.def("_class_has_method", [](const TypePtr& t, const std::string& name) {
    return asClass(t)->findMethod(name) != nullptr;
  });
  m.def("_class_qualname", [](const TypePtr& t) { return asClass(t)->qualifiedName(); });
  // What a module loaded from an archive has (a torch ScriptModule inside a module ember scripts).
  m.def("_object_type", [](const jit::Object& obj) -> TypePtr { return obj.type(); });
  m.def("_object_unit", [](const jit::Object& obj) { return obj.compilationUnit(); });
  m.def("_class_has_constant", [](const TypePtr& t, const std::string& name) {
    return asClass(t)->findConstantSlot(name).has_value();
  });
  m.def("_class_has_attribute", [](const TypePtr& t, const std::string& name) {
    return asClass(t)->hasAttribute(name);
  });
  m.def("_parse_type", &parseType, py::arg("cu"), py::arg("text"));
  m.def("_declare_method", &declareMethod, py::arg("cu"), py::arg("type"), py::arg("name"), py::arg("source"),
        py::arg("filename"), py::arg("first_line"), py::arg("resolve"), py::arg("info"), py::arg("decl_source") = "",
        py::arg("decl_filename") = "", py::arg("decl_first_line") = 1);
  m.def("_define", &define);
  m.def("_new_object", &newObject);
  m.def("_create_named_tuple", [](const CUPtr& cu, const std::string& qualname, const std::vector<std::string>& names,
                                  const std::vector<TypePtr>& types) -> TypePtr {
    auto tuple = jit::TupleType::createNamed(qualname, names, types);
    cu->registerType(tuple);
    return tuple;
  });
  // obj.name(*args) for names Python finds on the binding class first (`__init__`).
  m.def("_call_method", [](const jit::Object& self, const std::string& name, py::args args, py::kwargs kwargs) {
    auto method = self.find_method(name);
    EMBER_CHECK(method, "'", self.type()->name(), "' has no method '", name, "'");
    jit::Function& fn = method->function();
    InteropScope scope;
    return runFunction(fn, createStack(fn.getSchema(), args, kwargs, self.ivalue()));
  });
  m.def("_compile_class", &compileClass, py::arg("cu"), py::arg("source"), py::arg("filename"), py::arg("first_line"),
        py::arg("type_prefix"), py::arg("name"), py::arg("resolve"));
}

}  // namespace ember::python
