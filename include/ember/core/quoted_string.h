// C-style double-quoted strings as PyTorch prints them in schemas and IR constants:
// "a\n\"b\'" — backslash escapes for quotes, backslash and control characters, \xNN otherwise.
#pragma once

#include <ostream>
#include <string_view>

namespace ember::jit {

void printQuotedString(std::ostream& os, std::string_view s);

}  // namespace ember::jit
