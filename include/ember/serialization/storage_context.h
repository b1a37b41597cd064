// StorageContext: turns persistent ids of an archive's pickles into Storages, one per record.
// Tensors that view the same storage name the same key, so caching by record name is what keeps
// views of one storage views of one storage; in lite archives `constants.pkl` and
// `bytecode.pkl` also share `constants/<key>` records through it.
#pragma once

#include <string>
#include <unordered_map>

#include "ember/serialization/unpickler.h"
#include "ember/serialization/zip_reader.h"

namespace ember::jit {

class StorageContext {
 public:
  explicit StorageContext(const ZipReader& reader) : reader_(reader) {}

  // The storage in record `<folder>/<key>` (zero-copy when the record is stored and aligned).
  // Only CPU locations are supported ("cpu"); others raise an error naming the device.
  Storage get(const std::string& folder, const std::string& key, ScalarType dtype, const std::string& location);
  // A loader for an unpickler whose persistent ids name records under `folder`.
  StorageLoader loaderFor(const std::string& folder);

 private:
  const ZipReader& reader_;
  std::unordered_map<std::string, Storage> cache_;  // by record name
};

}  // namespace ember::jit
