// Writing archive pickles with their storages, and the version record (see archive_writer.h).
#include "ember/serialization/archive_writer.h"

#include "ember/error.h"

namespace ember::jit {

void writeStorageRecords(ZipWriter& writer, const std::string& tensorFolder, const std::vector<PickledStorage>& storages,
                         size_t first) {
  for (size_t i = first; i < storages.size(); ++i) {
    const PickledStorage& s = storages[i];
    writer.writeRecord(tensorFolder + "/" + s.key, s.storage.defined() ? s.storage.data() : nullptr, s.nbytes());
  }
}

void writeArchivePickle(ZipWriter& writer, const std::string& pickleName, const std::string& tensorFolder,
                        const IValue& value, std::vector<PickledStorage>& storages, const PicklerOptions& options) {
  size_t first = storages.size();
  std::string bytes = pickle(value, storages, options);
  writeStorageRecords(writer, tensorFolder, storages, first);
  writer.writeRecord(pickleName, bytes.data(), bytes.size());
}

void writeArchiveVersion(ZipWriter& writer, int64_t version) {
  std::string text = std::to_string(version) + "\n";
  writer.writeRecord(version >= 6 ? ".data/version" : "version", text.data(), text.size());
}

}  // namespace ember::jit
