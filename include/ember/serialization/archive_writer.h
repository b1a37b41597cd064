// Writing the shared pieces of PyTorch archives: pickles with their tensor records, and the
// version record (FORMATS.md §2, §5.1, §8.2).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ember/core/ivalue.h"
#include "ember/serialization/pickler.h"
#include "ember/serialization/zip_writer.h"

namespace ember::jit {

// Writes the storages `value` refers to as `<tensorFolder>/<key>` (numeric key order), then the
// pickle as record `pickleName`: the TorchScript order (`data/0..n` before `data.pkl`).
// `storages` carries keys across pickles that share records; pass a fresh vector otherwise.
void writeArchivePickle(ZipWriter& writer, const std::string& pickleName, const std::string& tensorFolder,
                        const IValue& value, std::vector<PickledStorage>& storages,
                        const PicklerOptions& options = {});

// Writes the storage records from `first` on (keys of pickled storages not yet written).
void writeStorageRecords(ZipWriter& writer, const std::string& tensorFolder, const std::vector<PickledStorage>& storages,
                         size_t first = 0);

// Writes `version` ("3\n"), or `.data/version` for versions 6 and above, as PyTorch does.
void writeArchiveVersion(ZipWriter& writer, int64_t version);

}  // namespace ember::jit
