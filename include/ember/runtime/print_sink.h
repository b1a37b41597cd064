// Where TorchScript's print() (prim::Print) writes. The default writes to stdout; a host or a
// test installs its own sink to capture the text. One sink for the whole process.
#pragma once

#include <functional>
#include <string_view>

namespace ember::jit {

// Receives one complete printed line, including its trailing newline.
using PrintSink = std::function<void(std::string_view)>;

// Installs `sink` (nullptr restores stdout) and returns the previous one.
PrintSink setPrintSink(PrintSink sink);
// Sends `text` to the current sink.
void printToSink(std::string_view text);

// Where warnings.warn() (aten::warn) goes: receives the message alone. The default writes
// "UserWarning: <message>" and a newline to stderr.
using WarningSink = std::function<void(std::string_view)>;
WarningSink setWarningSink(WarningSink sink);
void warnToSink(std::string_view message);

}  // namespace ember::jit
