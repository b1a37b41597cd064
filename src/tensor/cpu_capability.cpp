#include "tensor/cpu_capability.h"

#include <cstdlib>
#include <cstring>

namespace ember {

namespace {
CpuCapability detect() {
  CpuCapability hw = CpuCapability::Default;
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) hw = CpuCapability::AVX2;
  if (hw == CpuCapability::AVX2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
    hw = CpuCapability::AVX512;
  if (const char* env = std::getenv("EMBER_CPU_CAPABILITY")) {
    CpuCapability wanted = hw;
    if (std::strcmp(env, "default") == 0) wanted = CpuCapability::Default;
    else if (std::strcmp(env, "avx2") == 0) wanted = CpuCapability::AVX2;
    else if (std::strcmp(env, "avx512") == 0) wanted = CpuCapability::AVX512;
    if (wanted < hw) hw = wanted;  // can only lower what the hardware has
  }
  return hw;
}
}  // namespace

CpuCapability cpuCapability() {
  static const CpuCapability c = detect();
  return c;
}

const char* cpuCapabilityName(CpuCapability c) {
  switch (c) {
    case CpuCapability::Default: return "default";
    case CpuCapability::AVX2: return "avx2";
    case CpuCapability::AVX512: return "avx512";
  }
  return "default";
}

}  // namespace ember
