// Streaming (non-temporal) copies of a tile from its L1 slot to a large output, at the widest
// vector the CPU has: the tile loop writes outputs of 4 MiB or more this way (tile_executor.cpp),
// skipping the read of each output line a normal store makes. tile_stream.isa.cpp is compiled
// once per instruction set and picked at run time (64-byte stores with AVX-512 instead of the
// 16-byte SSE2 ones: a quarter of the instructions).
#pragma once

#include <cstdint>

namespace ember::jit {

// Copies `bytes` (a multiple of 64; both ends 64-byte aligned) from src to dst, bypassing the
// caches. The caller fences (tileStreamFence) before the data is read by another thread.
using TileStreamCopyFn = void (*)(char* dst, const char* src, int64_t bytes);
TileStreamCopyFn tileStreamCopy();
void tileStreamFence();

namespace isa_DEFAULT { TileStreamCopyFn tileStreamCopy(); }
namespace isa_AVX2 { TileStreamCopyFn tileStreamCopy(); }
namespace isa_AVX512 { TileStreamCopyFn tileStreamCopy(); }

}  // namespace ember::jit
