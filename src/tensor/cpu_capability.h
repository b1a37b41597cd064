// The instruction set the vectorised kernels use, chosen once at run time from the CPU's
// features. Kernels in *.isa.cpp files are compiled once per level (see src/tensor/CMakeLists.txt)
// and each copy lives in namespace ember::isa_<LEVEL>; a dispatcher picks the copy to call.
// EMBER_CPU_CAPABILITY=default|avx2|avx512 lowers the level (for tests and benchmarks).
#pragma once

namespace ember {

enum class CpuCapability { Default = 0, AVX2 = 1, AVX512 = 2 };

CpuCapability cpuCapability();
const char* cpuCapabilityName(CpuCapability c);

}  // namespace ember
