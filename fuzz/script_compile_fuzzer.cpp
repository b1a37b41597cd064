// libFuzzer target: TorchScript source is untrusted. Any input must compile or raise
// ember::Error (a located compile error), never crash, hang or allocate without bound.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ember/error.h"
#include "frontend/compile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    ember::jit::compile(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const ember::Error&) {
  }
  return 0;
}
