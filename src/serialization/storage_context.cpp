// Storage records of an archive, loaded once each (see storage_context.h).
#include "ember/serialization/storage_context.h"

#include "ember/error.h"

namespace ember::jit {

Storage StorageContext::get(const std::string& folder, const std::string& key, ScalarType dtype,
                            const std::string& location) {
  EMBER_CHECK(location == "cpu" || location.rfind("cpu:", 0) == 0, "storage '", key, "' was saved on device '",
              location, "'; ember loads CPU tensors only");
  (void)dtype;  // the record is raw bytes; the tensor that views it carries the dtype
  std::string record = folder + "/" + key;
  auto it = cache_.find(record);
  if (it != cache_.end()) return it->second;
  EMBER_CHECK(reader_.hasRecord(record), "archive is missing record '", reader_.rootName(), "/", record,
              "' named by a tensor in its pickle");
  Storage s = reader_.recordStorage(record);
  cache_.emplace(record, s);
  return s;
}

StorageLoader StorageContext::loaderFor(const std::string& folder) {
  return [this, folder](const std::string& key, ScalarType dtype, const std::string& location) {
    return get(folder, key, dtype, location);
  };
}

}  // namespace ember::jit
