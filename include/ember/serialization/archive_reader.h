// Reading the pieces every PyTorch archive shares (FORMATS.md §2, §5, §6): the format version
// and the pickles with their tensor records. The loader that builds modules from `code/` and
// `data.pkl` sits on top of these.
#pragma once

#include <cstdint>
#include <string>

#include "ember/core/ivalue.h"
#include "ember/serialization/storage_context.h"
#include "ember/serialization/unpickler.h"
#include "ember/serialization/zip_reader.h"

namespace ember::jit {

// Produced format versions range over these; the readers of PyTorch 1.13 accept exactly them.
constexpr int64_t kMinSupportedFileFormatVersion = 1;
constexpr int64_t kMaxSupportedFileFormatVersion = 10;

// The archive's format version: `.data/version` when present, else `version` (decimal text,
// surrounding whitespace allowed). Throws when missing, unparsable or outside 1..10.
int64_t readArchiveVersion(const ZipReader& reader);

// Checks the optional `byteorder` record (absent in PyTorch 1.13 archives): "little" is fine,
// "big" is refused since ember maps tensor bytes as they are.
void checkArchiveByteOrder(const ZipReader& reader);

// Unpickles record `pickleName` ("data.pkl", "constants.pkl", "bytecode.pkl"); tensors come
// from records `<tensorFolder>/<key>` ("data" or "constants") through `storages`. The storage
// loader in `options` is replaced; the class resolver and object builder are used as given.
IValue readArchivePickle(const ZipReader& reader, const std::string& pickleName, const std::string& tensorFolder,
                         StorageContext& storages, UnpicklerOptions options = {});

}  // namespace ember::jit
