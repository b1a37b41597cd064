// Module::save: writes a TorchScript archive in PyTorch 1.13's layout (FORMATS.md §5, §8.2), so
// torch.jit.load reads it: extra/ files, data/ + data.pkl (the module object), code/ (see
// module_code.h), constants/ + constants.pkl (what the code prints as CONSTANTS.cN), and the
// version record.
//
// Module::save is declared with Module (api layer) but defined here, with the rest of
// serialization, as PyTorch does; saving needs ember_serialization linked.
#include "ember/api/module.h"
#include "ember/error.h"
#include "ember/serialization/archive_writer.h"
#include "ember/serialization/pickler.h"
#include "ember/serialization/zip_writer.h"
#include "serialization/module_code.h"

namespace ember::jit {

namespace {

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

  ModuleCode code = printModuleCode(module);

  PicklerOptions options;
  options.typeTags = true;
  options.getState = stateOf;
  std::vector<PickledStorage> dataStorages;
  writeArchivePickle(writer, "data.pkl", "data", module.ivalue(), dataStorages, options);
  for (const auto& [record, text] : code.files)
    writer.writeRecord(record, text.data(), text.size(), /*compress=*/text.size() > 200);
  std::vector<PickledStorage> constantStorages;
  writeArchivePickle(writer, "constants.pkl", "constants", IValue(TupleImpl::create(code.constants)),
                     constantStorages, options);
  writeArchiveVersion(writer, code.version);
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
