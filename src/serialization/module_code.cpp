// The code files of a module's archive (see module_code.h).
#include "serialization/module_code.h"

#include <deque>
#include <map>
#include <memory>
#include <unordered_set>

#include "ember/api/compilation_unit.h"
#include "ember/core/enum_type.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "serialization/python_printer.h"

namespace ember::jit {

namespace {

// The lowest format version that gives every operator the code uses its 1.13 meaning (§2).
int64_t versionFor(Symbol kind) {
  std::string_view name = kind.toUnqualString();
  if (!kind.is_aten()) return 3;
  if (name == "div" || name == "div_") return 4;
  if (name == "full") return 5;
  if (name == "linspace") return 8;
  if (name == "logspace") return 9;
  if (name == "gelu" || name == "gelu_") return 10;
  return 3;
}

int64_t versionFor(const Block* block) {
  int64_t v = 3;
  for (const Node* n : block->nodes()) {
    v = std::max(v, versionFor(n->kind()));
    for (const Block* b : n->blocks()) v = std::max(v, versionFor(b));
  }
  return v;
}

// "__torch__.a.b.C" -> "__torch__.a.b"; names without a dot have no qualifier.
std::string qualifierOf(const std::string& qualname) {
  size_t dot = qualname.rfind('.');
  EMBER_CHECK(dot != std::string::npos, "cannot save '", qualname, "': archive names need a qualifier like __torch__");
  return qualname.substr(0, dot);
}

std::string codeRecordFor(const std::string& qualifier) {
  std::string path = qualifier;
  for (char& c : path)
    if (c == '.') c = '/';
  return "code/" + path + ".py";
}

// Collects the code files: every named type and function reachable from the module's type, its
// attribute values and the code itself, printed into the file of its qualifier.
class CodeCollector {
 public:
  explicit CodeCollector(std::vector<IValue>& constants) : constants_(constants) {}

  void addValue(const IValue& v) {
    if (v.isObject()) {
      const ObjectImpl& obj = v.toObjectRef();
      if (!seenObjects_.insert(&obj).second) return;
      addType(obj.type);
      for (const IValue& slot : obj.slots) addValue(slot);
    } else if (v.isTuple()) {
      for (const IValue& e : v.toTupleRef().elements) addValue(e);
    } else if (v.isList()) {
      for (const IValue& e : v.toListRef().elements) addValue(e);
    } else if (v.isGenericDict()) {
      v.toDictRef().forEach([&](const IValue& k, const IValue& e) {
        addValue(k);
        addValue(e);
      });
    } else if (v.isEnum()) {
      addType(v.toEnumHolder()->type);
    }
  }

  void addType(const TypePtr& type) {
    std::string name = qualifiedName(type);
    if (name.empty()) {
      for (const TypePtr& t : type->containedTypes()) addType(t);
      return;
    }
    if (!queued_.insert(name).second) return;
    pending_.push_back(type);
  }

  // Prints everything queued (and what that code refers to).
  void run() {
    while (!pending_.empty()) {
      TypePtr type = pending_.front();
      pending_.pop_front();
      std::string qualifier = qualifierOf(qualifiedName(type));
      auto& printer = printers_[qualifier];
      if (!printer) {
        PythonPrintOptions options;
        options.enforceImportable = true;
        printer = std::make_unique<PythonPrinter>(constants_, options);
        fileOrder_.push_back(qualifier);
      }
      size_t before = printer->dependencies().size();
      printer->printNamedType(type);
      noteVersion(type);
      const auto& deps = printer->dependencies();
      for (size_t i = before; i < deps.size(); ++i) addType(deps[i]);
      // Attribute types of classes (e.g. submodule classes) are dependencies too.
      if (auto cls = type->cast<ClassType>())
        for (const ClassAttribute& a : cls->attributes()) addType(a.type);
    }
  }

  std::vector<std::pair<std::string, std::string>> files() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const std::string& qualifier : fileOrder_) out.emplace_back(codeRecordFor(qualifier), printers_.at(qualifier)->str());
    return out;
  }

  int64_t version() const { return version_; }

 private:
  static std::string qualifiedName(const TypePtr& type) {
    if (auto f = type->cast<FunctionType>()) return f->function() ? f->function()->qualname() : std::string();
    return qualifiedTypeName(*type);
  }

  void noteVersion(const TypePtr& type) {
    auto note = [&](const Function* fn) {
      if (auto g = fn->graph()) version_ = std::max(version_, versionFor(g->block()));
    };
    if (auto f = type->cast<FunctionType>()) note(f->function());
    if (auto cls = type->cast<ClassType>())
      for (const Function* m : cls->methods()) note(m);
  }

  std::vector<IValue>& constants_;
  std::deque<TypePtr> pending_;
  std::unordered_set<std::string> queued_;
  std::unordered_set<const ObjectImpl*> seenObjects_;
  std::map<std::string, std::unique_ptr<PythonPrinter>> printers_;
  std::vector<std::string> fileOrder_;
  int64_t version_ = 3;
};

}  // namespace

ModuleCode printModuleCode(const Module& module) {
  ModuleCode out;
  CodeCollector code(out.constants);
  code.addType(module.type());
  code.addValue(module.ivalue());
  code.run();
  out.files = code.files();
  out.version = code.version();
  return out;
}

}  // namespace ember::jit
