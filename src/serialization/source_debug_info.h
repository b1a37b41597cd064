// The `.debug_pkl` record next to each code file of an archive (FORMATS.md §5.5): which range of
// the user's original source each stretch of the printed code came from. Loaded code keeps it
// (Source::setGeneratedFrom) so that errors show the original lines too, as PyTorch does.
#pragma once

#include <string_view>
#include <vector>

#include "ember/core/source_range.h"

namespace ember::jit {

// Decodes a .debug_pkl (the 1.13 string-table format, and the older one with inline texts).
// Throws ember::Error when it is malformed.
std::vector<Source::GeneratedFrom> readSourceDebugInfo(std::string_view pickle);

}  // namespace ember::jit
