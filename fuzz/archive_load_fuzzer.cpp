// libFuzzer target: TorchScript archives are untrusted. Any input must load (its code compiled,
// its pickles read) or raise ember::Error, never crash, hang or allocate without bound.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ember/error.h"
#include "ember/serialization/import.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    ember::jit::loadFromBytes(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const ember::Error&) {
  }
  return 0;
}
