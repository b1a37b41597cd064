// libFuzzer target: archives are untrusted. Any input must either load or raise ember::Error:
// the zip reader (every record read, inflated and CRC-checked, and mapped as a storage) and the
// whole torch.save loading path on top of it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ember/error.h"
#include "ember/serialization/torch_save.h"
#include "ember/serialization/zip_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    auto reader = ember::jit::ZipReader::fromBytes(bytes);
    for (const auto& name : reader.recordNames()) {
      try {
        (void)reader.readRecord(name);
        (void)reader.recordStorage(name);
      } catch (const ember::Error&) {
      }
    }
  } catch (const ember::Error&) {
  }
  try {
    (void)ember::jit::pickleLoadFromBytes(bytes);
  } catch (const ember::Error&) {
  }
  return 0;
}
