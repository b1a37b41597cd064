// JitException: the error a TorchScript `raise` produces (prim::RaiseException). It carries the
// Python exception class the program named ("builtins.ValueError"), so the interpreter's report
// ends in `builtins.ValueError: msg` as PyTorch's does, where other failures end in
// `RuntimeError: msg`.
#pragma once

#include <optional>
#include <string>

#include "ember/error.h"

namespace ember::jit {

class JitException : public Error {
 public:
  // `pythonClassName` is the qualified class ("builtins.ValueError"); nullopt for a plain
  // RuntimeError-style raise (asserts raise "AssertionError: msg" this way).
  JitException(std::string message, std::optional<std::string> pythonClassName = std::nullopt,
               std::optional<std::string> originalMessage = std::nullopt)
      : Error(std::move(message), kindFor(pythonClassName)),
        pythonClassName_(std::move(pythonClassName)),
        originalMessage_(std::move(originalMessage)) {}

  const std::optional<std::string>& pythonClassName() const { return pythonClassName_; }
  // The message as raised, before the interpreter added its traceback.
  const std::string& originalMessage() const { return originalMessage_ ? *originalMessage_ : message(); }

 private:
  static ErrorKind kindFor(const std::optional<std::string>& cls) {
    if (!cls) return ErrorKind::Runtime;
    if (*cls == "builtins.ValueError") return ErrorKind::Value;
    if (*cls == "builtins.IndexError") return ErrorKind::Index;
    if (*cls == "builtins.TypeError") return ErrorKind::Type;
    if (*cls == "builtins.KeyError") return ErrorKind::Key;
    if (*cls == "builtins.NotImplementedError") return ErrorKind::NotImplemented;
    if (*cls == "builtins.AssertionError") return ErrorKind::Assertion;
    return ErrorKind::Runtime;
  }

  std::optional<std::string> pythonClassName_;
  std::optional<std::string> originalMessage_;
};

}  // namespace ember::jit
