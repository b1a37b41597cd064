#include "ember/api/compilation_unit.h"

#include "ember/core/enum_type.h"
#include "ember/error.h"

namespace ember::jit {

std::string qualifiedTypeName(const Type& type) {
  if (auto* c = type.castRaw<ClassType>()) return c->qualifiedName();
  if (auto* i = type.castRaw<InterfaceType>()) return i->qualifiedName();
  if (auto* e = type.castRaw<EnumType>()) return e->qualifiedName();
  if (auto* t = type.castRaw<TupleType>()) return t->isNamed() ? t->schema()->qualifiedName : std::string();
  return {};
}

Function* CompilationUnit::registerFunction(std::unique_ptr<Function> fn) {
  const std::string& name = fn->qualname();
  EMBER_CHECK(!functionsByName_.count(name), "method '", name, "' already defined.");
  Function* raw = fn.get();
  functionsByName_.emplace(name, raw);
  functions_.push_back(std::move(fn));
  return raw;
}

GraphFunction* CompilationUnit::createFunction(std::string qualname, std::shared_ptr<Graph> graph,
                                               GraphFunction::Creator creator) {
  auto fn = std::make_unique<GraphFunction>(std::move(qualname), std::move(graph), std::move(creator));
  return static_cast<GraphFunction*>(registerFunction(std::move(fn)));
}

Function* CompilationUnit::findFunction(std::string_view qualname) const {
  auto it = functionsByName_.find(std::string(qualname));
  return it == functionsByName_.end() ? nullptr : it->second;
}

Function& CompilationUnit::getFunction(std::string_view qualname) const {
  Function* fn = findFunction(qualname);
  EMBER_CHECK(fn, "function '", qualname, "' not found");
  return *fn;
}

std::vector<Function*> CompilationUnit::getFunctions() const {
  std::vector<Function*> out;
  out.reserve(functions_.size());
  for (const auto& f : functions_) out.push_back(f.get());
  return out;
}

void CompilationUnit::registerType(TypePtr type) {
  std::string name = qualifiedTypeName(*type);
  EMBER_CHECK(!name.empty(), "cannot register unnamed type ", type->str());
  EMBER_CHECK(!typesByName_.count(name), "type '", name, "' already defined.");
  typesByName_.emplace(name, type);
  types_.push_back(std::move(type));
}

TypePtr CompilationUnit::findType(std::string_view qualname) const {
  auto it = typesByName_.find(std::string(qualname));
  return it == typesByName_.end() ? nullptr : it->second;
}

ClassTypePtr CompilationUnit::findClass(std::string_view qualname) const {
  TypePtr t = findType(qualname);
  return t ? t->cast<ClassType>() : nullptr;
}

std::vector<TypePtr> CompilationUnit::getTypes() const { return types_; }

std::string CompilationUnit::mangle(std::string_view qualname) {
  // "__torch__.a.Foo" -> "__torch__.a.___torch_mangle_N.Foo": the mangle goes before the last atom.
  std::string name(qualname);
  size_t dot = name.rfind('.');
  std::string prefix = dot == std::string::npos ? std::string() : name.substr(0, dot + 1);
  std::string last = dot == std::string::npos ? name : name.substr(dot + 1);
  // Strip an existing mangle so re-mangling does not nest.
  const std::string marker = "___torch_mangle_";
  size_t m = prefix.find(marker);
  if (m != std::string::npos) prefix = prefix.substr(0, m);
  for (;;) {
    std::string candidate = prefix + marker + std::to_string(mangleIndex_++) + "." + last;
    if (!findType(candidate) && !findFunction(candidate)) return candidate;
  }
}

}  // namespace ember::jit
