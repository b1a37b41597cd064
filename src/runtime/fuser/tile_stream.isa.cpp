// The streaming tile copy (see tile_stream.h), compiled once per instruction set.
#include <immintrin.h>

#include "runtime/fuser/tile_stream.h"

#define EMBER_STREAM_NS2(isa) isa_##isa
#define EMBER_STREAM_NS(isa) EMBER_STREAM_NS2(isa)

namespace ember::jit::EMBER_STREAM_NS(EMBER_ISA) {
namespace {

void streamCopy(char* dst, const char* src, int64_t bytes) {
#if defined(EMBER_ISA_AVX512)
  for (int64_t i = 0; i < bytes; i += 64)
    _mm512_stream_si512(reinterpret_cast<__m512i*>(dst + i), _mm512_load_si512(reinterpret_cast<const void*>(src + i)));
#elif defined(EMBER_ISA_AVX2)
  for (int64_t i = 0; i < bytes; i += 32)
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + i), _mm256_load_si256(reinterpret_cast<const __m256i*>(src + i)));
#else
  for (int64_t i = 0; i < bytes; i += 16)
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), _mm_load_si128(reinterpret_cast<const __m128i*>(src + i)));
#endif
}

}  // namespace

TileStreamCopyFn tileStreamCopy() { return &streamCopy; }

}  // namespace ember::jit::EMBER_STREAM_NS(EMBER_ISA)

#if defined(EMBER_ISA_DEFAULT)
#include "tensor/cpu_capability.h"

namespace ember::jit {
TileStreamCopyFn tileStreamCopy() {
  static const TileStreamCopyFn fn = [] {
    switch (cpuCapability()) {
      case CpuCapability::AVX512: return isa_AVX512::tileStreamCopy();
      case CpuCapability::AVX2: return isa_AVX2::tileStreamCopy();
      default: return isa_DEFAULT::tileStreamCopy();
    }
  }();
  return fn;
}

void tileStreamFence() { _mm_sfence(); }
}  // namespace ember::jit
#endif
