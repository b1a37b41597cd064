// libFuzzer target: .npy files given to `ember run --inputs` are untrusted. Any input must either
// parse or raise ember::Error, never crash, hang or allocate without bound; a parsed tensor is
// printed so that every element is read.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ember/error.h"
#include "ember/serialization/npy.h"
#include "ember/tensor.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    ember::Tensor t = ember::jit::parseNpy(std::string_view(reinterpret_cast<const char*>(data), size));
    (void)ember::repr(t);
  } catch (const ember::Error&) {
  }
  return 0;
}
