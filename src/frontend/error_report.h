// ErrorReport: an ember::Error that points at the source code it is about.
#pragma once

#include <string>

#include "ember/error.h"
#include "frontend/source_range.h"

namespace ember::jit {

// The message reads as TorchScript's compile errors do: the text, a colon, then the
// highlighted source:
//
//   expected ) but found 'return' here:
//     File "<string>", line 3
//       return y
//       ~~~~~~ <--- HERE
class ErrorReport : public Error {
 public:
  ErrorReport(SourceRange range, std::string message, ErrorKind kind = ErrorKind::Runtime);

  const SourceRange& range() const { return range_; }
  // The message without the highlighted source.
  const std::string& shortMessage() const { return shortMessage_; }

 private:
  SourceRange range_;
  std::string shortMessage_;
};

// Throws ErrorReport(range, concatenation of parts).
template <typename... Parts>
[[noreturn]] void throwErrorAt(const SourceRange& range, const Parts&... parts) {
  throw ErrorReport(range, ::ember::detail::concat(parts...));
}

}  // namespace ember::jit
