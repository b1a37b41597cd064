// Module::save: writes a TorchScript archive in PyTorch 1.13's layout (FORMATS.md §5, §8.2), so
// torch.jit.load reads it: extra/ files, data/ + data.pkl (the module object), code/ (every class
// and function the module reaches, python-printed, one file per qualifier), constants/ +
// constants.pkl (what the code prints as CONSTANTS.cN), and the version record.
//
// Module::save is declared with Module (api layer) but defined here, with the rest of
// serialization, as PyTorch does; saving needs ember_serialization linked.
#include <deque>
#include <map>
#include <set>
#include <unordered_set>

#include "ember/api/compilation_unit.h"
#include "ember/api/module.h"
#include "ember/core/enum_type.h"
#include "ember/error.h"
#include "ember/ir/ir.h"
#include "ember/serialization/archive_writer.h"
#include "ember/serialization/pickler.h"
#include "ember/serialization/zip_writer.h"
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

  void write(ZipWriter& writer) const {
    for (const std::string& qualifier : fileOrder_) {
      std::string text = printers_.at(qualifier)->str();
      writer.writeRecord(codeRecordFor(qualifier), text.data(), text.size(), /*compress=*/text.size() > 200);
    }
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

// Objects of classes with __getstate__ are pickled as what it returns.
std::optional<IValue> stateOf(const IntrusivePtr<ObjectImpl>& obj) {
  Function* getState = obj->type->findMethod("__getstate__");
  if (!getState) return std::nullopt;
  Stack stack{IValue(obj)};
  getState->run(stack);
  EMBER_CHECK(stack.size() == 1, "__getstate__ of ", obj->type->qualifiedName(), " must return one value");
  return stack.back();
}

void writeModule(const Module& module, ZipWriter& writer, const ExtraFilesMap& extraFiles) {
  EMBER_CHECK(module.defined(), "cannot save an empty Module");
  for (const auto& [name, contents] : extraFiles) writer.writeRecord("extra/" + name, contents.data(), contents.size());

  std::vector<IValue> constants;
  CodeCollector code(constants);
  code.addType(module.type());
  code.addValue(module.ivalue());
  code.run();

  PicklerOptions options;
  options.typeTags = true;
  options.getState = stateOf;
  std::vector<PickledStorage> dataStorages;
  writeArchivePickle(writer, "data.pkl", "data", module.ivalue(), dataStorages, options);
  code.write(writer);
  std::vector<PickledStorage> constantStorages;
  writeArchivePickle(writer, "constants.pkl", "constants", IValue(TupleImpl::create(constants)), constantStorages,
                     options);
  writeArchiveVersion(writer, code.version());
  writer.writeEndOfFile();
}

}  // namespace

void Module::save(const std::string& path, const ExtraFilesMap& extraFiles) const {
  ZipWriter writer(path);
  writeModule(*this, writer, extraFiles);
}

std::string Module::saveToBytes(const ExtraFilesMap& extraFiles) const {
  std::string bytes;
  {
    ZipWriter writer([&bytes](const void* data, size_t size) { bytes.append(static_cast<const char*>(data), size); });
    writeModule(*this, writer, extraFiles);
  }
  return bytes;
}

}  // namespace ember::jit
