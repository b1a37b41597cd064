#include "frontend/error_report.h"

namespace ember::jit {

namespace {

std::string formatReport(const SourceRange& range, const std::string& message) {
  std::string out = message;
  out += ":\n";
  out += range.highlight();
  return out;
}

}  // namespace

ErrorReport::ErrorReport(SourceRange range, std::string message, ErrorKind kind)
    : Error(formatReport(range, message), kind), range_(std::move(range)), shortMessage_(std::move(message)) {}

}  // namespace ember::jit
