// Little-endian integer reads and writes for the zip and pickle formats (both store integers
// little-endian; pickle's BINFLOAT is the one big-endian field and is handled where it is read).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

namespace ember::jit::detail {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "ember's archive code assumes a little-endian host");

template <typename T>
inline T loadLE(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

template <typename T>
inline void appendLE(std::string& out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out.append(buf, sizeof(T));
}

}  // namespace ember::jit::detail
