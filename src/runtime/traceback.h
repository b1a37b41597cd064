// The text of an interpreter failure, as PyTorch prints it:
//
//   The following operation failed in the TorchScript interpreter.
//   Traceback of TorchScript (most recent call last):
//     File "<string>", line 7, in fn
//   ...source lines, the failing call underlined... <--- HERE
//   RuntimeError: division by 0
//
// One entry per frame, outermost first, pointing at the node each frame is executing. Nodes
// without a source range (graphs parsed from IR text) are shown in the printed graph instead.
#pragma once

#include <exception>
#include <string>
#include <vector>

namespace ember::jit {

class Code;

struct TracebackEntry {
  const Code* code;
  size_t pc;
};

std::string formatInterpreterError(const std::exception& e, const std::vector<TracebackEntry>& entries);

}  // namespace ember::jit
