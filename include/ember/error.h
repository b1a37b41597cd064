// ember::Error and the checking macros used across the project.
//
// Three kinds of failure (docs/internals/style.md):
//  - user or input errors: EMBER_CHECK(cond, "message", parts...) throws ember::Error with
//    the message, worded as PyTorch words it where users see it;
//  - internal invariants: EMBER_ASSERT(cond, ...) also throws (never aborts), prefixed with
//    "internal assert failed at file:line", so a bug is reported instead of crashing a host;
//  - EMBER_UNREACHABLE(...) marks code paths that cannot be taken.
#pragma once

#include <exception>
#include <sstream>
#include <string>
#include <utility>

namespace ember {

// Mirrors the Python exception class PyTorch would raise, so that error messages and the
// TorchScript `raise`/`except` machinery can name it.
enum class ErrorKind { Runtime, Index, Value, Type, Key, NotImplemented, Assertion };

const char* errorKindName(ErrorKind kind);

class Error : public std::exception {
 public:
  explicit Error(std::string message, ErrorKind kind = ErrorKind::Runtime)
      : message_(std::move(message)), kind_(kind) {}
  const char* what() const noexcept override { return message_.c_str(); }
  const std::string& message() const { return message_; }
  ErrorKind kind() const { return kind_; }

 private:
  std::string message_;
  ErrorKind kind_;
};

namespace detail {

template <typename... Parts>
std::string concat(const Parts&... parts) {
  if constexpr (sizeof...(Parts) == 0) {
    return {};
  } else {
    std::ostringstream os;
    (os << ... << parts);
    return os.str();
  }
}

[[noreturn]] void throwError(std::string message, ErrorKind kind);
[[noreturn]] void throwInternal(const char* file, int line, const char* cond, std::string message);

}  // namespace detail
}  // namespace ember

#define EMBER_LIKELY(x) __builtin_expect(!!(x), 1)
#define EMBER_UNLIKELY(x) __builtin_expect(!!(x), 0)

// Throws ember::Error(message) when cond is false. The message parts are only built on failure.
#define EMBER_CHECK(cond, ...)                                                          \
  do {                                                                                  \
    if (EMBER_UNLIKELY(!(cond)))                                                        \
      ::ember::detail::throwError(::ember::detail::concat(__VA_ARGS__),                 \
                                  ::ember::ErrorKind::Runtime);                         \
  } while (0)

// Same, raising a specific kind (IndexError, ValueError, ...).
#define EMBER_CHECK_KIND(kind, cond, ...)                                               \
  do {                                                                                  \
    if (EMBER_UNLIKELY(!(cond)))                                                        \
      ::ember::detail::throwError(::ember::detail::concat(__VA_ARGS__),                 \
                                  ::ember::ErrorKind::kind);                            \
  } while (0)

#define EMBER_ERROR(...) \
  ::ember::detail::throwError(::ember::detail::concat(__VA_ARGS__), ::ember::ErrorKind::Runtime)

#define EMBER_ASSERT(cond, ...)                                                         \
  do {                                                                                  \
    if (EMBER_UNLIKELY(!(cond)))                                                        \
      ::ember::detail::throwInternal(__FILE__, __LINE__, #cond,                         \
                                     ::ember::detail::concat(__VA_ARGS__));             \
  } while (0)

#define EMBER_UNREACHABLE(...) \
  ::ember::detail::throwInternal(__FILE__, __LINE__, "unreachable", ::ember::detail::concat(__VA_ARGS__))
