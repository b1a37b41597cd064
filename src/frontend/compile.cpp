#include "frontend/compile.h"

#include <optional>
#include <unordered_set>

#include "ember/core/enum_type.h"
#include "ember/runtime/autograd.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"
#include "frontend/parser.h"
#include "frontend/schema_from_def.h"
#include "frontend/type_annotation.h"

namespace ember::jit {
namespace {

enum class ClassKind { Class, Module, NamedTuple, Enum, Interface };

// `fileClasses`: the classes the same source defines. A base among them is ignored, as
// torch.jit.script compiles only the methods a class defines itself.
ClassKind classKindOf(const ClassDef& cls, const std::unordered_set<std::string>& fileClasses) {
  if (!cls.superclass().present()) return ClassKind::Class;
  Expr base = cls.superclass().get();
  std::string text(base.range().text());
  if (text == "NamedTuple" || text == "typing.NamedTuple") return ClassKind::NamedTuple;
  if (text == "Enum" || text == "enum.Enum") return ClassKind::Enum;
  if (text == "torch.jit.interface") return ClassKind::Interface;  // the parser's mark of @torch.jit.interface
  if (text == "Module" || text == "torch.nn.Module" || text == "nn.Module") return ClassKind::Module;
  if (text == "object" || fileClasses.count(text)) return ClassKind::Class;
  throwErrorAt(base.range(), "Class inheritance is not supported in TorchScript (base class '", text, "')");
}

struct PendingFunction {
  GraphFunction* fn;
  bool isInit;
};

class Definer {
 public:
  Definer(CompilationUnit& cu, std::shared_ptr<CompilationUnitResolver> resolver, const DefineOptions& options)
      : cu_(cu), resolver_(std::move(resolver)), options_(options) {}

  void run(const List<Stmt>& definitions) {
    // Names first, so definitions may refer to each other in any order.
    for (const Stmt& s : definitions)
      if (s.kind() == TK_ASSIGN) declarePythonGlobal(Assign(s.tree()));
    for (const Stmt& s : definitions)
      if (s.kind() == TK_CLASS_DEF) fileClasses_.insert(ClassDef(s.tree()).name().name());
    for (const Stmt& s : definitions)
      if (s.kind() == TK_CLASS_DEF) declareClass(ClassDef(s.tree()));
    for (const auto& [cls, type] : classes_) defineClassBody(cls, type);
    for (const auto& [def, tuple] : namedTuples_) defineNamedTuple(def, tuple);
    for (const auto& [def, name] : interfaces_) defineInterface(def, name);
    for (const Stmt& s : definitions)
      if (s.kind() == TK_DEF) declareFunction(Def(s.tree()), options_.functionPrefix + Def(s.tree()).name().name(), nullptr);
    // __init__ first: it declares the attributes other methods use.
    for (const auto& p : pending_)
      if (p.isInit) p.fn->ensureDefined();
    for (const auto& p : pending_) p.fn->ensureDefined();
  }

 private:
  TypeResolver typeResolver() const {
    auto r = resolver_;
    return [r](const std::string& name) -> TypePtr { return r->resolveType(name, SourceRange()); };
  }

  void declareClass(const ClassDef& def) {
    std::string qualname = options_.typePrefix + def.name().name();
    if (cu_.findType(qualname)) throwErrorAt(def.name().range(), "class '", qualname, "' already defined");
    ClassKind kind = classKindOf(def, fileClasses_);
    if (kind == ClassKind::Enum) {
      defineEnum(def, qualname);
      return;
    }
    if (kind == ClassKind::Interface) {
      interfaces_.emplace_back(def, qualname);
      return;
    }
    if (kind == ClassKind::NamedTuple) {
      namedTuples_.emplace_back(def, qualname);
      // Registered once its field types are known (defineNamedTuple); a placeholder name keeps
      // field annotations that refer to other classes resolvable.
      return;
    }
    ClassTypePtr type = ClassType::create(qualname, kind == ClassKind::Module);
    cu_.registerType(type);
    classes_.emplace_back(def, type);
  }

  void defineNamedTuple(const ClassDef& def, const std::string& qualname) {
    std::vector<std::string> names;
    std::vector<TypePtr> types;
    std::vector<std::optional<IValue>> defaults;
    for (const Stmt& s : def.body()) {
      if (s.kind() == TK_PASS || s.kind() == TK_EXPR_STMT) continue;
      if (s.kind() != TK_ASSIGN || !Assign(s.tree()).type().present() || Assign(s.tree()).lhs().kind() != TK_VAR)
        throwErrorAt(s.range(), "NamedTuple fields must be annotated names (`x: int`)");
      Assign a(s.tree());
      names.push_back(Var(a.lhs().tree()).name().name());
      TypePtr t = parseTypeFromExpr(a.type().get(), typeResolver());
      types.push_back(t);
      if (a.rhs().present()) defaults.push_back(evaluateDefault(a.rhs().get(), t));
      else if (!defaults.empty()) throwErrorAt(s.range(), "non-default NamedTuple field follows default field");
    }
    std::vector<std::optional<IValue>> padded(names.size() - defaults.size());
    padded.insert(padded.end(), defaults.begin(), defaults.end());
    auto tuple = TupleType::createNamed(qualname, names, types);
    cu_.registerType(tuple);
    resolver_->setNamedTupleDefaults(qualname, std::move(padded));
  }

  // `@torch.jit.interface class I: def f(self, x: int) -> int: ...`: method signatures only.
  void defineInterface(const ClassDef& def, const std::string& qualname) {
    auto iface = InterfaceType::create(qualname, /*isModule=*/false);
    for (const Stmt& s : def.body()) {
      if (s.kind() == TK_PASS || s.kind() == TK_EXPR_STMT) continue;
      if (s.kind() != TK_DEF) throwErrorAt(s.range(), "interfaces may only contain method signatures");
      FunctionSchema schema = schemaFromDef(Def(s.tree()), /*isMethod=*/true, typeResolver());
      // `self` is Any, as for interfaces loaded from archives: an argument of the interface's
      // own type would make the interface own a reference to itself.
      std::vector<Argument> arguments{Argument("self", AnyType::get())};
      arguments.insert(arguments.end(), schema.arguments().begin(), schema.arguments().end());
      iface->addMethod(std::make_shared<const FunctionSchema>(schema.cloneWithArguments(std::move(arguments))));
    }
    cu_.registerType(iface);
  }

  // The Python type of a literal, or "" for other expressions (which stay unresolved).
  static std::string pythonTypeOfLiteral(const Expr& e) {
    switch (e.kind()) {
      case TK_CONST: return Const(e.tree()).isFloatingPoint() ? "float" : Const(e.tree()).isComplex() ? "complex" : "int";
      case TK_STRINGLITERAL: return "str";
      case TK_TRUE:
      case TK_FALSE: return "bool";
      case TK_TUPLE_LITERAL: return "tuple";
      case TK_LIST_LITERAL:
      case TK_LIST_COMP: return "list";
      case TK_DICT_LITERAL:
      case TK_DICT_COMP: return "dict";
      case TK_UNARY_MINUS: return pythonTypeOfLiteral(Expr(e.tree()->trees()[0]));
      default: return "";
    }
  }

  // `NAME = <literal>` at the top of a Python file.
  void declarePythonGlobal(const Assign& a) {
    if (a.lhs().kind() != TK_VAR || !a.rhs().present()) return;
    std::string type = pythonTypeOfLiteral(a.rhs().get());
    if (!type.empty()) resolver_->addPythonGlobal(Var(a.lhs().tree()).name().name(), std::move(type));
  }

  // `class Color(Enum): RED = 1`: members are names bound to literals, all of one type (int,
  // float or str). The type is complete at once, so annotations anywhere may name it.
  void defineEnum(const ClassDef& def, const std::string& qualname) {
    std::vector<std::pair<std::string, IValue>> members;
    TypePtr valueType;
    for (const Stmt& s : def.body()) {
      if (s.kind() == TK_PASS || s.kind() == TK_EXPR_STMT) continue;
      if (s.kind() != TK_ASSIGN || Assign(s.tree()).lhs().kind() != TK_VAR || !Assign(s.tree()).rhs().present())
        throwErrorAt(s.range(), "Enum members must be assignments of a literal to a name (`RED = 1`)");
      Assign a(s.tree());
      IValue v = evaluateDefault(a.rhs().get(), nullptr);
      if (!v.isInt() && !v.isDouble() && !v.isString())
        throwErrorAt(a.rhs().get().range(), "Cannot create Enum with value type '", v.type()->repr_str(),
                     "', only int, float and str are supported");
      if (valueType && *valueType != *v.type())
        throwErrorAt(a.rhs().get().range(), "Could not unify type list since element ", members.size(), " of type ",
                     v.type()->repr_str(), " did not match the types before it (", valueType->repr_str(), ")");
      valueType = v.type();
      members.emplace_back(Var(a.lhs().tree()).name().name(), std::move(v));
    }
    if (members.empty()) throwErrorAt(def.range(), "No enum values defined for: '", qualname, "'");
    cu_.registerType(EnumType::create(qualname, valueType, std::move(members)));
  }

  // `__parameters__ = ["w", ]`, `__buffers__ = [...]`: names listed in archive code.
  static std::unordered_set<std::string> stringList(const Assign& a) {
    std::unordered_set<std::string> out;
    if (!a.rhs().present()) return out;
    Expr rhs = a.rhs().get();
    if (rhs.kind() != TK_LIST_LITERAL && rhs.kind() != TK_TUPLE_LITERAL) throwErrorAt(rhs.range(), "expected a list of names");
    for (const Expr& e : List<Expr>(rhs.subtree(0))) {
      if (e.kind() != TK_STRINGLITERAL) throwErrorAt(e.range(), "expected a string literal");
      out.insert(StringLiteral(e.tree()).text());
    }
    return out;
  }

  // The attribute name of `__annotations__["name"] = T`, the form archives use for names that
  // are not identifiers; nullopt for other assignments.
  static std::optional<std::string> annotationsEntry(const Assign& a) {
    if (a.lhs().kind() != TK_SUBSCRIPT || !a.rhs().present()) return std::nullopt;
    Subscript sub(a.lhs().tree());
    if (sub.value().kind() != TK_VAR || Var(sub.value().tree()).name().name() != "__annotations__") return std::nullopt;
    if (sub.subscriptExprs().size() != 1 || sub.subscriptExprs()[0].kind() != TK_STRINGLITERAL)
      throwErrorAt(a.range(), "expected __annotations__[\"name\"] = type");
    return StringLiteral(sub.subscriptExprs()[0].tree()).text();
  }

  void defineClassBody(const ClassDef& def, const ClassTypePtr& type) {
    std::unordered_set<std::string> parameters, buffers;
    for (const Stmt& s : def.body()) {
      if (s.kind() != TK_ASSIGN) continue;
      Assign a(s.tree());
      if (a.lhs().kind() != TK_VAR) continue;
      const std::string& name = Var(a.lhs().tree()).name().name();
      if (name == "__parameters__") parameters = stringList(a);
      else if (name == "__buffers__") buffers = stringList(a);
    }
    for (const Stmt& s : def.body()) {
      switch (s.kind()) {
        case TK_DEF: {
          Def method(s.tree());
          std::string qualname = type->qualifiedName() + "." + method.name().name();
          GraphFunction* fn = declareFunction(method, qualname, type);
          type->addMethod(fn);
          break;
        }
        case TK_ASSIGN: {
          Assign a(s.tree());
          auto kindOf = [&](const std::string& name) {
            return parameters.count(name) ? ClassAttribute::Kind::Parameter
                   : buffers.count(name)  ? ClassAttribute::Kind::Buffer
                                          : ClassAttribute::Kind::Regular;
          };
          if (auto odd = annotationsEntry(a)) {  // `__annotations__["0"] = T`: a non-identifier name
            type->addOrCheckAttribute(*odd, parseTypeFromExpr(a.rhs().get(), typeResolver()), kindOf(*odd));
            break;
          }
          if (a.lhs().kind() != TK_VAR) throwErrorAt(s.range(), "unexpected class-level statement");
          const std::string& name = Var(a.lhs().tree()).name().name();
          if (name.size() > 4 && name.rfind("__", 0) == 0 && name.substr(name.size() - 2) == "__") break;
          if (!a.type().present()) break;  // class-level constants without annotation are ignored
          ParsedAnnotation ann = parseAnnotation(a.type().get(), typeResolver());
          if (ann.isFinal) {  // `k : Final[int] = 3`: a module constant (its uses are inlined)
            if (!a.rhs().present()) throwErrorAt(s.range(), "Final attribute '", name, "' needs a value");
            type->addConstant(name, evaluateDefault(a.rhs().get(), ann.type));
            break;
          }
          type->addOrCheckAttribute(name, ann.type, kindOf(name));
          break;
        }
        case TK_DECORATED: {  // @staticmethod: a free function named after the class, not a method
          Def fn = Decorated(s.tree()).def();
          declareFunction(fn, type->qualifiedName() + "." + fn.name().name(), nullptr);
          break;
        }
        case TK_PASS:
        case TK_EXPR_STMT: break;
        default: throwErrorAt(s.range(), "unexpected statement in class body");
      }
    }
  }

  GraphFunction* declareFunction(const Def& def, const std::string& qualname, const ClassTypePtr& self) {
    if (cu_.findFunction(qualname)) throwErrorAt(def.name().range(), "function '", qualname, "' already defined");
    CompilationUnit* cu = &cu_;
    ResolverPtr resolver = resolver_;
    GraphFunction* fn = cu_.createFunction(qualname, nullptr, [cu, resolver, def, self](GraphFunction& f) {
      Emitter(*cu, f, resolver, self).emitFunction(def);
    });
    pending_.push_back({fn, self && def.name().name() == "__init__"});
    return fn;
  }

  CompilationUnit& cu_;
  std::shared_ptr<CompilationUnitResolver> resolver_;
  DefineOptions options_;
  std::vector<std::pair<ClassDef, ClassTypePtr>> classes_;
  std::vector<std::pair<ClassDef, std::string>> namedTuples_;
  std::vector<PendingFunction> pending_;
  std::unordered_set<std::string> fileClasses_;
  std::vector<std::pair<ClassDef, std::string>> interfaces_;
};

}  // namespace

void defineInto(CompilationUnit& cu, const List<Stmt>& definitions, std::shared_ptr<Resolver> resolver,
                const DefineOptions& options) {
  auto cuResolver = std::make_shared<CompilationUnitResolver>(cu, options.functionPrefix, options.typePrefix,
                                                              resolver ? resolver : nativeResolver());
  Definer(cu, cuResolver, options).run(definitions);
}

void defineInto(CompilationUnit& cu, const std::string& source, std::shared_ptr<Resolver> resolver,
                const DefineOptions& options) {
  auto src = std::make_shared<Source>(source, options.filename, 1);
  Parser parser(src, options.dialect);
  defineInto(cu, options.allowClasses ? parser.parseFile() : parser.parseFunctions(), std::move(resolver), options);
}

namespace {

// Autograd's derivative formulas are TorchScript (src/runtime/autograd/derivatives_source.cpp);
// the runtime compiles them with this, installed whenever the frontend is linked.
std::vector<std::shared_ptr<Function>> compileDerivativeFormulas(const std::string& source) {
  std::shared_ptr<CompilationUnit> cu = compile(source, "<derivatives>");
  std::vector<std::shared_ptr<Function>> out;
  for (Function* fn : cu->getFunctions()) out.emplace_back(cu, fn);  // each keeps the unit alive
  return out;
}

[[maybe_unused]] const bool kDerivativeCompilerInstalled = [] {
  autograd::setFormulaCompiler(compileDerivativeFormulas);
  return true;
}();

}  // namespace

std::shared_ptr<CompilationUnit> compile(const std::string& source, const std::string& filename) {
  auto cu = std::make_shared<CompilationUnit>();
  DefineOptions options;
  options.filename = filename;
  options.dialect = SourceDialect::TorchScript;
  options.allowClasses = false;
  defineInto(*cu, source, nullptr, options);
  return cu;
}

Module compileModule(const std::string& source, const std::string& className) {
  auto cu = std::make_shared<CompilationUnit>();
  DefineOptions options;
  options.dialect = SourceDialect::TorchScript;  // the archive class form
  defineInto(*cu, source, nullptr, options);
  ClassTypePtr type = cu->findClass(options.typePrefix + className);
  EMBER_CHECK(type, "class '", className, "' is not defined in the source");
  return Module(cu, type);
}

}  // namespace ember::jit
