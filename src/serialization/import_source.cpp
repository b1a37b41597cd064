// Importing archive code. Files are parsed once, their top-level classes and defs kept as
// pending definitions by qualified name; a definition is compiled the first time something asks
// for its name (see import_source.h). Enum and interface classes are built here, the other
// class kinds and functions by the frontend (defineInto).
#include "serialization/import_source.h"

#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>

#include "ember/core/enum_type.h"
#include "ember/core/symbols.h"
#include "ember/error.h"
#include "frontend/compile.h"
#include "frontend/error_report.h"
#include "frontend/ir_emitter.h"
#include "frontend/parser.h"
#include "frontend/resolver.h"
#include "frontend/schema_from_def.h"
#include "frontend/type_annotation.h"

namespace ember::jit {

namespace {

std::string qualifierOf(const std::string& qualname) {
  size_t dot = qualname.rfind('.');
  return dot == std::string::npos ? std::string() : qualname.substr(0, dot);
}

std::string baseNameOf(const ClassDef& def) {
  if (!def.superclass().present()) return "";
  return std::string(def.superclass().get().range().text());
}

}  // namespace

struct SourceImporter::Impl : std::enable_shared_from_this<Impl> {
  CompilationUnit* cu = nullptr;
  std::vector<IValue> constants;
  SourceLoader loader;
  std::unordered_set<std::string> parsedQualifiers;
  std::unordered_map<std::string, Stmt> pending;  // qualname -> class or def not yet defined
  ResolverPtr resolver;

  void parseFile(const std::string& qualifier);
  TypePtr loadType(const std::string& qualname);
  Function* loadFunction(const std::string& qualname);
  // The pending definition of `qualname` if it is a `kind` (TK_CLASS_DEF, TK_DEF), removed.
  std::optional<Stmt> takePending(const std::string& qualname, int kind);
  void define(const std::string& qualifier, const Stmt& def);
  void defineClass(const std::string& qualifier, const ClassDef& def);
  void defineEnum(const std::string& qualname, const ClassDef& def);
  void defineInterface(const std::string& qualname, const ClassDef& def, bool isModule);
};

// ---- sugared values for archive names ----

namespace {

// `__torch__.Color`: its members are constants (`__torch__.Color.GREEN`).
struct EnumClassValue : SugaredValue {
  explicit EnumClassValue(EnumTypePtr type) : type_(std::move(type)) {}
  std::string kind() const override { return "enum class"; }
  SugaredValuePtr attr(const SourceRange& loc, Emitter& m, const std::string& field) override {
    if (!type_->findValue(field)) throwErrorAt(loc, "'", type_->qualifiedName(), "' has no member '", field, "'");
    IValue member(EnumHolder::create(type_, field));
    return std::make_shared<SimpleValue>(m.graph().insertConstant(member, loc));
  }

 private:
  EnumTypePtr type_;
};

// `__torch__`, `__torch__.foo`, ...: a qualified-name prefix; its attributes are the classes,
// functions and deeper prefixes the archive defines.
struct ClassNamespaceValue : SugaredValue {
  ClassNamespaceValue(std::string name, std::weak_ptr<SourceImporter::Impl> importer)
      : name_(std::move(name)), importer_(std::move(importer)) {}
  std::string kind() const override { return "Class Namespace"; }

  SugaredValuePtr attr(const SourceRange& loc, Emitter&, const std::string& field) override {
    auto importer = importer_.lock();
    if (!importer) throwErrorAt(loc, "archive import has finished; '", name_, "' cannot be resolved");
    std::string full = name_ + "." + field;
    if (TypePtr t = importer->loadType(full)) {
      if (auto cls = t->cast<ClassType>()) return std::make_shared<ClassValue>(cls);
      if (auto tup = t->cast<TupleType>()) return std::make_shared<NamedTupleConstructor>(tup);
      if (auto e = t->cast<EnumType>()) return std::make_shared<EnumClassValue>(e);
      throwErrorAt(loc, "'", full, "' is a ", t->repr_str(), " and cannot be used as a value here");
    }
    if (Function* fn = importer->loadFunction(full)) return std::make_shared<FunctionValue>(fn);
    // A longer prefix; if nothing is ever defined under it, using it as a value fails there.
    return std::make_shared<ClassNamespaceValue>(full, importer_);
  }

 private:
  std::string name_;
  std::weak_ptr<SourceImporter::Impl> importer_;
};

// `CONSTANTS`: `CONSTANTS.c<N>` is element N of constants.pkl, inserted as a graph constant.
struct ConstantTableValue : SugaredValue {
  explicit ConstantTableValue(std::weak_ptr<SourceImporter::Impl> importer) : importer_(std::move(importer)) {}
  std::string kind() const override { return "CONSTANTS"; }

  SugaredValuePtr attr(const SourceRange& loc, Emitter& m, const std::string& field) override {
    auto importer = importer_.lock();
    if (!importer) throwErrorAt(loc, "archive import has finished; CONSTANTS cannot be read");
    size_t index = 0;
    bool digits = field.size() > 1 && field.size() < 12 && field[0] == 'c' &&
                  field.find_first_not_of("0123456789", 1) == std::string::npos;
    if (digits) index = std::stoul(field.substr(1));
    if (!digits || index >= importer->constants.size())
      throwErrorAt(loc, "invalid constant specifier: ", field, " (the archive has ", importer->constants.size(),
                   " constants)");
    return std::make_shared<SimpleValue>(m.graph().insertConstant(importer->constants[index], loc));
  }

 private:
  std::weak_ptr<SourceImporter::Impl> importer_;
};

// Names that archive code uses beyond what source code may: resolved before the native names.
class ArchiveResolver : public Resolver {
 public:
  explicit ArchiveResolver(std::weak_ptr<SourceImporter::Impl> importer) : importer_(std::move(importer)) {}

  SugaredValuePtr resolveValue(const std::string& name, Emitter& m, const SourceRange& loc) override {
    if (name == "__torch__") return std::make_shared<ClassNamespaceValue>(name, importer_);
    if (name == "torch") return std::make_shared<BuiltinModule>("torch", /*operatorsOnly=*/true);
    if (name == "CONSTANTS") return std::make_shared<ConstantTableValue>(importer_);
    if (name == "uninitialized") return SpecialFormValue::create(prim::Uninitialized);
    if (name == "inf") return std::make_shared<SimpleValue>(m.graph().insertConstant(IValue(kInf), loc));
    if (name == "nan") return std::make_shared<SimpleValue>(m.graph().insertConstant(IValue(kNaN), loc));
    return nativeResolver()->resolveValue(name, m, loc);
  }

  TypePtr resolveType(const std::string& name, const SourceRange& loc) override {
    if (name.rfind("__torch__.", 0) == 0) {
      if (auto importer = importer_.lock()) return importer->loadType(name);
    }
    return nativeResolver()->resolveType(name, loc);
  }

 private:
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  std::weak_ptr<SourceImporter::Impl> importer_;
};

}  // namespace

// ---- the importer ----

void SourceImporter::Impl::parseFile(const std::string& qualifier) {
  if (qualifier.empty() || !parsedQualifiers.insert(qualifier).second) return;
  std::shared_ptr<Source> source = loader(qualifier);
  if (!source) return;
  for (const Stmt& s : parseSourceFile(source)) {
    std::string name;
    if (s.kind() == TK_CLASS_DEF) name = ClassDef(s.tree()).name().name();
    else if (s.kind() == TK_DEF) name = Def(s.tree()).name().name();
    else throwErrorAt(s.range(), "unexpected top-level statement in archive code");
    std::string qualname = qualifier + "." + name;
    if (!pending.emplace(qualname, s).second) throwErrorAt(s.range(), "'", qualname, "' is defined twice");
  }
}

std::optional<Stmt> SourceImporter::Impl::takePending(const std::string& qualname, int kind) {
  auto it = pending.find(qualname);
  if (it == pending.end()) {
    parseFile(qualifierOf(qualname));
    it = pending.find(qualname);
  }
  if (it == pending.end() || it->second.kind() != kind) return std::nullopt;
  Stmt def = it->second;
  pending.erase(it);
  return def;
}

TypePtr SourceImporter::Impl::loadType(const std::string& qualname) {
  if (TypePtr t = cu->findType(qualname)) return t;
  std::optional<Stmt> def = takePending(qualname, TK_CLASS_DEF);
  if (!def) return nullptr;
  defineClass(qualifierOf(qualname), ClassDef(def->tree()));
  return cu->findType(qualname);
}

Function* SourceImporter::Impl::loadFunction(const std::string& qualname) {
  if (Function* fn = cu->findFunction(qualname)) return fn;
  std::optional<Stmt> def = takePending(qualname, TK_DEF);
  if (!def) return nullptr;
  define(qualifierOf(qualname), *def);
  return cu->findFunction(qualname);
}

// Compiles one class or def of the file of `qualifier` (its names are qualifier + "." + name).
void SourceImporter::Impl::define(const std::string& qualifier, const Stmt& def) {
  DefineOptions options;
  options.functionPrefix = qualifier + ".";
  options.typePrefix = options.functionPrefix;
  defineInto(*cu, List<Stmt>::create(def.range(), {def}), resolver, options);
}

void SourceImporter::Impl::defineClass(const std::string& qualifier, const ClassDef& def) {
  std::string qualname = qualifier + "." + def.name().name();
  std::string base = baseNameOf(def);
  if (base == "Enum") return defineEnum(qualname, def);
  if (base == "ModuleInterface" || base == "Interface") return defineInterface(qualname, def, base == "ModuleInterface");
  define(qualifier, Stmt(def.tree()));
}

// `class Color(Enum):` with `NAME = value` lines (int, float or str values).
void SourceImporter::Impl::defineEnum(const std::string& qualname, const ClassDef& def) {
  std::vector<std::pair<std::string, IValue>> members;
  TypePtr valueType;
  for (const Stmt& s : def.body()) {
    if (s.kind() == TK_PASS) continue;
    if (s.kind() != TK_ASSIGN || Assign(s.tree()).lhs().kind() != TK_VAR || !Assign(s.tree()).rhs().present())
      throwErrorAt(s.range(), "expected `NAME = value` in enum class ", qualname);
    Assign a(s.tree());
    Expr rhs = a.rhs().get();
    bool isFloat = rhs.kind() != TK_STRINGLITERAL && std::string(rhs.range().text()).find_first_of(".eEn") != std::string::npos;
    TypePtr t = rhs.kind() == TK_STRINGLITERAL ? TypePtr(StringType::get())
                : isFloat                       ? TypePtr(FloatType::get())
                                                : TypePtr(IntType::get());
    if (valueType && *valueType != *t)
      throwErrorAt(s.range(), "enum ", qualname, " mixes member value types ", valueType->repr_str(), " and ",
                   t->repr_str());
    valueType = t;
    members.emplace_back(Var(a.lhs().tree()).name().name(), evaluateDefault(rhs, t));
  }
  if (!valueType) throwErrorAt(def.range(), "enum class ", qualname, " has no members");
  cu->registerType(EnumType::create(qualname, valueType, std::move(members)));
}

// `class I(ModuleInterface):` / `(Interface)`: method signatures with `pass` bodies.
void SourceImporter::Impl::defineInterface(const std::string& qualname, const ClassDef& def, bool isModule) {
  auto iface = InterfaceType::create(qualname, isModule);
  cu->registerType(iface);
  ResolverPtr r = resolver;
  TypeResolver types = [r](const std::string& name) { return r->resolveType(name, SourceRange()); };
  for (const Stmt& s : def.body()) {
    if (s.kind() == TK_PASS) continue;
    if (s.kind() != TK_DEF) throwErrorAt(s.range(), "interfaces may only contain method signatures");
    FunctionSchema schema = schemaFromDef(Def(s.tree()), /*isMethod=*/true, types);
    // `self` is typed Any, not the interface: the interface owns its schemas, so an argument
    // of the interface's own type would be a reference cycle that is never freed.
    std::vector<Argument> arguments{Argument("self", AnyType::get())};
    arguments.insert(arguments.end(), schema.arguments().begin(), schema.arguments().end());
    iface->addMethod(std::make_shared<const FunctionSchema>(schema.cloneWithArguments(std::move(arguments))));
  }
}

SourceImporter::SourceImporter(std::shared_ptr<CompilationUnit> cu, SourceLoader loader)
    : impl_(std::make_shared<Impl>()), cu_(std::move(cu)) {
  impl_->cu = cu_.get();
  impl_->loader = std::move(loader);
  impl_->resolver = std::make_shared<ArchiveResolver>(impl_);
}

SourceImporter::~SourceImporter() = default;

void SourceImporter::setConstants(std::vector<IValue> constants) { impl_->constants = std::move(constants); }

TypePtr SourceImporter::loadType(const std::string& qualname) { return impl_->loadType(qualname); }
Function* SourceImporter::loadFunction(const std::string& qualname) { return impl_->loadFunction(qualname); }
}  // namespace ember::jit
