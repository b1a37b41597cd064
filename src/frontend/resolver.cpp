#include "frontend/resolver.h"

#include <unordered_set>

#include "ember/core/enum_type.h"
#include "frontend/error_report.h"

namespace ember::jit {
namespace {

// Python's exception classes a program may raise; recorded as "builtins.<Name>".
bool isBuiltinException(const std::string& name) {
  static const std::unordered_set<std::string> kExceptions = {
      "Exception",        "RuntimeError",   "ValueError",         "TypeError",        "IndexError",
      "KeyError",         "NotImplementedError", "ZeroDivisionError", "OverflowError", "AttributeError",
      "StopIteration",    "ArithmeticError", "LookupError",       "FloatingPointError", "UserWarning",
      "Warning",          "DeprecationWarning", "OSError",        "IOError",          "NameError",
      "ImportError",      "ModuleNotFoundError", "RecursionError", "UnicodeError",    "BufferError",
      "EOFError",         "MemoryError",    "SystemError",        "ReferenceError",   "TimeoutError",
  };
  return kExceptions.count(name) != 0;
}

class NativeResolver : public Resolver {
 public:
  SugaredValuePtr resolveValue(const std::string& name, Emitter&, const SourceRange&) override {
    if (name == "torch") return std::make_shared<BuiltinModule>("torch");
    if (name == "math") return std::make_shared<BuiltinModule>("math");
    // `import torch.nn.functional as F`, the spelling every PyTorch script uses: torch.jit.script
    // and torch.jit.CompilationUnit find F among the caller's Python globals.
    if (name == "F") return std::make_shared<BuiltinModule>("torch.nn.functional");
    if (name == "ops") return std::make_shared<BuiltinModule>("torch.ops");
    if (name == "annotate") return SpecialFormValue::create(Symbol::prim("annotate"));
    if (name == "unchecked_cast") return SpecialFormValue::create(Symbol::prim("unchecked_cast"));
    if (name == "fork") return SpecialFormValue::create(Symbol::prim("fork"));
    if (name == "wait") return std::make_shared<BuiltinFunction>(Symbol::aten("wait"), std::nullopt);
    if (isBuiltinException(name)) return std::make_shared<ExceptionValue>(name, "builtins." + name);
    return nullptr;
  }
  TypePtr resolveType(const std::string&, const SourceRange&) override { return nullptr; }
};

}  // namespace

ResolverPtr nativeResolver() {
  static const ResolverPtr kNative = std::make_shared<NativeResolver>();
  return kNative;
}

CompilationUnitResolver::CompilationUnitResolver(CompilationUnit& cu, std::string functionPrefix,
                                                 std::string typePrefix, ResolverPtr parent)
    : cu_(cu), functionPrefix_(std::move(functionPrefix)), typePrefix_(std::move(typePrefix)),
      parent_(std::move(parent)) {}

SugaredValuePtr CompilationUnitResolver::resolveValue(const std::string& name, Emitter& m, const SourceRange& loc) {
  if (Function* fn = cu_.findFunction(functionPrefix_ + name)) return std::make_shared<FunctionValue>(fn);
  if (TypePtr t = resolveType(name, loc)) {
    if (auto cls = t->cast<ClassType>()) return std::make_shared<ClassValue>(cls);
    if (auto e = t->cast<EnumType>()) return std::make_shared<EnumClassValue>(e);
    if (auto tup = t->cast<TupleType>()) {
      std::vector<std::optional<IValue>> defaults;
      if (auto it = namedTupleDefaults_.find(tup->schema()->qualifiedName); it != namedTupleDefaults_.end())
        defaults = it->second;
      return std::make_shared<NamedTupleConstructor>(tup, std::move(defaults));
    }
  }
  if (auto it = pythonGlobals_.find(name); it != pythonGlobals_.end())
    throwErrorAt(loc, "python value of type '", it->second,
                 "' cannot be used as a value. Perhaps it is a closed over global variable? If so, please consider "
                 "passing it in as an argument or use a local varible instead.");
  return parent_ ? parent_->resolveValue(name, m, loc) : nullptr;
}

TypePtr CompilationUnitResolver::resolveType(const std::string& name, const SourceRange& loc) {
  if (TypePtr t = cu_.findType(typePrefix_ + name)) return t;
  if (TypePtr t = cu_.findType(name)) return t;
  return parent_ ? parent_->resolveType(name, loc) : nullptr;
}

}  // namespace ember::jit
