// The functional library's TorchScript sources (functional_library/*.py), embedded by CMake
// (functional_library/embed.cmake writes functional_library_sources.cpp into the build tree).
#pragma once

#include <vector>

namespace ember::jit {

struct FunctionalLibrarySource {
  const char* module;    // "torch.nn.functional"
  const char* filename;  // shown in error reports and graphs
  const char* text;
};

const std::vector<FunctionalLibrarySource>& functionalLibrarySources();

}  // namespace ember::jit
