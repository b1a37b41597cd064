#include "ember/error.h"

namespace ember {

const char* errorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Runtime: return "RuntimeError";
    case ErrorKind::Index: return "IndexError";
    case ErrorKind::Value: return "ValueError";
    case ErrorKind::Type: return "TypeError";
    case ErrorKind::Key: return "KeyError";
    case ErrorKind::NotImplemented: return "NotImplementedError";
    case ErrorKind::Assertion: return "AssertionError";
  }
  return "RuntimeError";
}

namespace detail {

void throwError(std::string message, ErrorKind kind) { throw Error(std::move(message), kind); }

void throwInternal(const char* file, int line, const char* cond, std::string message) {
  std::string text = concat("internal assert failed at ", file, ":", line, ": ", cond);
  if (!message.empty()) text += concat(": ", message);
  text += "\nPlease report a bug to the ember developers.";
  throw Error(std::move(text), ErrorKind::Runtime);
}

}  // namespace detail
}  // namespace ember
