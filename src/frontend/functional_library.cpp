#include "frontend/functional_library.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "ember/api/compilation_unit.h"
#include "ember/runtime/graph_function.h"
#include "frontend/builtin_call.h"
#include "frontend/error_report.h"
#include "frontend/functional_library_sources.h"
#include "frontend/ir_emitter.h"
#include "frontend/parser.h"
#include "frontend/resolver.h"

namespace ember::jit {
namespace {

// A top-level `def` of a library source: its text (up to the next `def`) and first line. Every
// top-level line of the library sources is a `def` (or a comment), so the split needs no parse.
struct DefChunk {
  std::string_view text;  // into the embedded source, which lives for the process
  size_t line = 1;
  const char* filename = "";
};

// A library module: its definitions found by a scan of the source's lines, each parsed and
// compiled when first asked for (parsing all of torch.nn.functional up front cost ~10 ms of
// the first load that named any of it).
struct LibraryModule {
  std::string name;  // "torch.nn.functional"
  std::map<std::string, DefChunk> defs;
  // Overloads are written as `name__1`, `name__2`, ... and tried in that order.
  std::map<std::string, std::vector<std::string>> overloads;
};

// Functions picked at compile time by a constant bool argument, as PyTorch's boolean_dispatch
// does: `max_pool2d(x, 2, return_indices=True)` returns (values, indices), otherwise values.
struct BooleanDispatch {
  const char* module;
  const char* name;
  const char* argName;
  size_t argIndex;
  bool defaultValue;
  const char* ifTrue;
  const char* ifFalse;
};

const std::vector<BooleanDispatch>& booleanDispatches() {
  static const std::vector<BooleanDispatch> kDispatches = {
      {"torch.nn.functional", "max_pool1d", "return_indices", 6, false, "max_pool1d_with_indices", "_max_pool1d"},
      {"torch.nn.functional", "max_pool2d", "return_indices", 6, false, "max_pool2d_with_indices", "_max_pool2d"},
      {"torch.nn.functional", "max_pool3d", "return_indices", 6, false, "max_pool3d_with_indices", "_max_pool3d"},
      {"torch.nn.functional", "adaptive_max_pool1d", "return_indices", 2, false, "adaptive_max_pool1d_with_indices",
       "_adaptive_max_pool1d"},
      {"torch.nn.functional", "adaptive_max_pool2d", "return_indices", 2, false, "adaptive_max_pool2d_with_indices",
       "_adaptive_max_pool2d"},
      {"torch.nn.functional", "adaptive_max_pool3d", "return_indices", 2, false, "adaptive_max_pool3d_with_indices",
       "_adaptive_max_pool3d"},
      {"torch.nn.functional", "fractional_max_pool2d", "return_indices", 4, false,
       "fractional_max_pool2d_with_indices", "_fractional_max_pool2d"},
      {"torch.nn.functional", "fractional_max_pool3d", "return_indices", 4, false,
       "fractional_max_pool3d_with_indices", "_fractional_max_pool3d"},
      {"torch.functional", "lu", "get_infos", 2, false, "_lu_with_infos", "_lu_no_infos"},
      {"torch.functional", "unique", "return_inverse", 2, false, "_unique_inverse_dispatch", "_unique_plain_dispatch"},
      {"torch.functional", "_unique_inverse_dispatch", "return_counts", 3, false, "_unique_all", "_unique_inverse"},
      {"torch.functional", "_unique_plain_dispatch", "return_counts", 3, false, "_unique_counts", "_unique_output"},
      {"torch.functional", "unique_consecutive", "return_inverse", 1, false, "_consecutive_inverse_dispatch",
       "_consecutive_plain_dispatch"},
      {"torch.functional", "_consecutive_inverse_dispatch", "return_counts", 2, false, "_consecutive_all",
       "_consecutive_inverse"},
      {"torch.functional", "_consecutive_plain_dispatch", "return_counts", 2, false, "_consecutive_counts",
       "_consecutive_output"},
  };
  return kDispatches;
}

const BooleanDispatch* findDispatch(const std::string& module, const std::string& name) {
  for (const BooleanDispatch& d : booleanDispatches())
    if (module == d.module && name == d.name) return &d;
  return nullptr;
}

// Public names that are another function of the library: F.threshold is PyTorch's _threshold.
const char* aliasOf(const std::string& module, const std::string& name) {
  if (module == "torch.nn.functional" && name == "threshold") return "_threshold";
  return nullptr;
}

// Splits `name__2` into ("name", true); other names are not overloads.
std::pair<std::string, bool> overloadBase(const std::string& name) {
  auto at = name.rfind("__");
  if (at == std::string::npos || at == 0 || at + 2 >= name.size()) return {name, false};
  for (size_t i = at + 2; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return {name, false};
  return {name.substr(0, at), true};
}

class Library;

// Names inside a library module: its own functions first, then the native names.
class LibraryResolver : public Resolver {
 public:
  LibraryResolver(Library& library, std::string module) : library_(library), module_(std::move(module)) {}
  SugaredValuePtr resolveValue(const std::string& name, Emitter& m, const SourceRange& loc) override;
  TypePtr resolveType(const std::string& name, const SourceRange& loc) override {
    return nativeResolver()->resolveType(name, loc);
  }

 private:
  Library& library_;
  std::string module_;
};

class Library {
 public:
  Library() : cu_(std::make_shared<CompilationUnit>()) {
    for (const FunctionalLibrarySource& src : functionalLibrarySources()) load(src);
  }

  // The functions `name` stands for (itself, or its overloads in order), compiled. Bodies are
  // emitted here, under the library's lock, so a function is never handed out half compiled and
  // no thread waits on a function's own lock while holding this one (the emitter of one library
  // function asks for the others it calls on the same thread: the lock is recursive).
  std::vector<Function*> functions(const std::string& module, const std::string& name) {
    std::lock_guard<std::recursive_mutex> guard(mutex_);
    const LibraryModule* mod = findModule(module);
    if (!mod) return {};
    std::vector<Function*> out;
    if (auto it = mod->overloads.find(name); it != mod->overloads.end()) {
      for (const std::string& o : it->second) out.push_back(declare(*mod, o));
    } else if (mod->defs.count(name)) {
      out.push_back(declare(*mod, name));
    }
    for (Function* fn : out) static_cast<GraphFunction*>(fn)->ensureDefined();
    return out;
  }

  std::vector<std::string> names(const std::string& module) const {
    std::vector<std::string> out;
    const LibraryModule* mod = findModule(module);
    if (!mod) return out;
    for (const auto& [name, def] : mod->defs)
      if (!overloadBase(name).second && name[0] != '_') out.push_back(name);
    for (const auto& [name, list] : mod->overloads)
      if (name[0] != '_') out.push_back(name);
    if (module == "torch.nn.functional") out.push_back("threshold");
    for (const BooleanDispatch& d : booleanDispatches())
      if (module == d.module && d.name[0] != '_') out.push_back(d.name);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  SugaredValuePtr value(const std::string& module, const std::string& name);

 private:
  const LibraryModule* findModule(const std::string& module) const {
    auto it = modules_.find(module);
    return it == modules_.end() ? nullptr : &it->second;
  }

  void load(const FunctionalLibrarySource& src) {
    LibraryModule& mod = modules_[src.module];
    mod.name = src.module;
    const std::string_view text(src.text);
    std::string current;  // the def being scanned
    size_t start = 0, startLine = 1, line = 1;
    auto finish = [&](size_t end) {
      if (current.empty()) return;
      auto [base, isOverload] = overloadBase(current);
      if (isOverload) mod.overloads[base].push_back(current);
      mod.defs.emplace(current, DefChunk{text.substr(start, end - start), startLine, src.filename});
    };
    for (size_t pos = 0; pos < text.size(); ++line) {
      size_t eol = text.find('\n', pos);
      if (eol == std::string_view::npos) eol = text.size();
      if (text.substr(pos, 4) == "def ") {
        finish(pos);
        const size_t nameEnd = text.find('(', pos);
        current = std::string(text.substr(pos + 4, nameEnd - pos - 4));
        start = pos;
        startLine = line;
      }
      pos = eol + 1;
    }
    finish(text.size());
  }

  // The parsed definition of `name` (mutex_ held).
  const Def& parsedDef(const LibraryModule& mod, const std::string& name) {
    const std::string key = mod.name + "." + name;
    auto it = parsed_.find(key);
    if (it != parsed_.end()) return it->second;
    const DefChunk& chunk = mod.defs.at(name);
    auto source = std::make_shared<Source>(std::string(chunk.text), chunk.filename, chunk.line);
    Parser parser(source, SourceDialect::Python);
    std::vector<Stmt> stmts;
    for (const Stmt& st : parser.parseFile()) stmts.push_back(st);
    EMBER_ASSERT(stmts.size() == 1 && stmts[0].kind() == TK_DEF, "functional library: ", key,
                 " is not one definition");
    return parsed_.emplace(key, Def(stmts[0].tree())).first->second;
  }

  // Registers the function (its body is emitted by ensureDefined). Called with mutex_ held.
  // Overload `f__2` is named `f` like the others, its qualified name made unique as PyTorch
  // mangles it: `__torch__.torch.nn.functional.___torch_mangle_2.f`.
  Function* declare(const LibraryModule& mod, const std::string& name) {
    auto [base, isOverload] = overloadBase(name);
    std::string qualname = "__torch__." + mod.name + "." + name;
    if (isOverload) qualname = "__torch__." + mod.name + ".___torch_mangle_" + name.substr(base.size() + 2) + "." + base;
    if (Function* fn = cu_->findFunction(qualname)) return fn;
    Def def = parsedDef(mod, name);
    if (isOverload) def = def.withName(base);  // its schema and printed code say `f`
    auto resolver = std::make_shared<LibraryResolver>(*this, mod.name);
    CompilationUnit* cu = cu_.get();
    return cu_->createFunction(qualname, nullptr, [cu, resolver, def](GraphFunction& f) {
      Emitter(*cu, f, resolver, nullptr).emitFunction(def);
    });
  }

  std::recursive_mutex mutex_;  // guards cu_ (its function table and the emission of bodies)
  std::shared_ptr<CompilationUnit> cu_;
  std::unordered_map<std::string, LibraryModule> modules_;  // read-only after construction
  std::unordered_map<std::string, Def> parsed_;             // "module.name" -> its def (under mutex_)
};

Library& library() {
  static Library instance;
  return instance;
}

// A name with several library overloads: the first whose schema matches the call.
struct OverloadedFunctionValue : SugaredValue {
  OverloadedFunctionValue(std::string name, std::vector<Function*> functions)
      : name_(std::move(name)), functions_(std::move(functions)) {}
  std::string kind() const override { return "function"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override {
    std::string failures;
    for (Function* fn : functions_) {
      try {
        return FunctionValue(fn).call(loc, m, args, kwargs, nBinders);
      } catch (const ErrorReport& e) {
        failures += std::string("\n") + e.what();
      }
    }
    throwErrorAt(loc, "Arguments for call are not valid.\nNo overload of ", name_,
                 " matches the arguments:", failures);
  }

 private:
  std::string name_;
  std::vector<Function*> functions_;
};

// boolean_dispatch: the argument must be a constant (or absent: its default decides).
struct BooleanDispatchValue : SugaredValue {
  BooleanDispatchValue(const BooleanDispatch& d, SugaredValuePtr ifTrue, SugaredValuePtr ifFalse)
      : dispatch_(d), ifTrue_(std::move(ifTrue)), ifFalse_(std::move(ifFalse)) {}
  std::string kind() const override { return "function"; }
  SugaredValuePtr call(const SourceRange& loc, Emitter& m, const std::vector<NamedValue>& args,
                       const std::vector<NamedValue>& kwargs, size_t nBinders) override {
    Value* flag = nullptr;
    for (const NamedValue& kw : kwargs)
      if (kw.name() && *kw.name() == dispatch_.argName) flag = kw.value(m.graph());
    if (!flag && args.size() > dispatch_.argIndex) flag = args[dispatch_.argIndex].value(m.graph());
    bool choice = dispatch_.defaultValue;
    if (flag) {
      std::optional<IValue> c = toIValue(flag);
      if (!c || !c->isBool())
        throwErrorAt(loc, "value for ", dispatch_.argName, " must be a constant bool (", dispatch_.name,
                     " returns a different type for each value)");
      choice = c->toBool();
    }
    return (choice ? ifTrue_ : ifFalse_)->call(loc, m, args, kwargs, nBinders);
  }

 private:
  BooleanDispatch dispatch_;
  SugaredValuePtr ifTrue_, ifFalse_;
};

SugaredValuePtr Library::value(const std::string& module, const std::string& name) {
  if (const char* target = aliasOf(module, name)) return value(module, target);
  if (const BooleanDispatch* d = findDispatch(module, name)) {
    SugaredValuePtr t = value(module, d->ifTrue), f = value(module, d->ifFalse);
    if (!t || !f) return nullptr;
    return std::make_shared<BooleanDispatchValue>(*d, t, f);
  }
  std::vector<Function*> fns = functions(module, name);
  if (fns.empty()) return nullptr;
  if (fns.size() == 1 && !findModule(module)->overloads.count(name)) return std::make_shared<FunctionValue>(fns[0]);
  return std::make_shared<OverloadedFunctionValue>(name, std::move(fns));
}

SugaredValuePtr LibraryResolver::resolveValue(const std::string& name, Emitter& m, const SourceRange& loc) {
  if (SugaredValuePtr v = library_.value(module_, name)) return v;
  return nativeResolver()->resolveValue(name, m, loc);
}

}  // namespace

SugaredValuePtr functionalLibraryValue(const std::string& module, const std::string& name) {
  if (name.empty() || name[0] == '_') return nullptr;  // private helpers stay inside the library
  return library().value(module, name);
}

std::vector<std::string> functionalLibraryNames(const std::string& module) { return library().names(module); }

std::vector<Function*> functionalLibraryFunctions(const std::string& module, const std::string& name) {
  if (const char* target = aliasOf(module, name)) return functionalLibraryFunctions(module, target);
  if (const BooleanDispatch* d = findDispatch(module, name)) {  // both choices (dispatches nest)
    std::vector<Function*> out = functionalLibraryFunctions(module, d->ifTrue);
    for (Function* f : functionalLibraryFunctions(module, d->ifFalse)) out.push_back(f);
    return out;
  }
  return library().functions(module, name);
}

}  // namespace ember::jit
