// Bool tensor data read from files. C++ may only read a bool whose byte is 0 or 1; PyTorch and
// NumPy write nothing else, but a damaged or hostile file can hold any byte. Such bytes are
// rewritten as NumPy reads them (nonzero is True) before any kernel sees them. Only bytes above
// 1 are written, so a clean copy-on-write mapping of an archive stays shared with the file.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ember::jit::detail {

inline void normalizeBoolBytes(void* data, size_t nbytes) {
  auto* p = static_cast<uint8_t*>(data);
  for (size_t i = 0; i < nbytes; ++i)
    if (p[i] > 1) p[i] = 1;
}

}  // namespace ember::jit::detail
