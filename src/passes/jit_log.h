// JIT logging (PyTorch's jit_log): passes report what they do through GRAPH_DUMP (whole graphs
// after a pass), GRAPH_UPDATE (each rewrite) and GRAPH_DEBUG (internals), switched on per source
// file by EMBER_JIT_LOG_LEVEL or PYTORCH_JIT_LOG_LEVEL, whose syntax is PyTorch's:
//
//   EMBER_JIT_LOG_LEVEL=">>dead_code_elimination:constant_propagation.cpp"
//
// Colon-separated file stems (a `.cpp` suffix is allowed); no `>` enables DUMP, `>` enables DUMP
// and UPDATE, `>>` (or more) everything. A macro logs when the file it is written in
// (`__FILE__`'s base name without extension) is listed at that level or higher. Each line of the
// message goes to stderr prefixed as PyTorch does: `[DUMP constant_propagation.cpp:042] ...`.
//
// When nothing is enabled a macro costs one relaxed atomic load: the environment is read once,
// on first use (tests can re-read it with reparseJitLogEnvironment).
#pragma once

#include <atomic>
#include <memory>
#include <ostream>
#include <string>

#include "ember/error.h"

namespace ember::jit {

class Graph;

enum class JitLoggingLevel { Dump = 0, Update = 1, Debug = 2 };

const char* jitLoggingLevelName(JitLoggingLevel level);  // "DUMP", "UPDATE", "DEBUG"

// Whether the file `path` (a __FILE__, a base name or a stem) logs at `level`.
bool isJitLogEnabled(const char* path, JitLoggingLevel level);

// Every line of `text` prefixed with `[LEVEL file.cpp:NNN] ` (the line number has at least three
// digits, zero-padded, as in PyTorch).
std::string jitLogPrefix(JitLoggingLevel level, const char* path, int line, const std::string& text);

// Writes the prefixed text to the log stream (stderr unless redirected).
void jitLogWrite(JitLoggingLevel level, const char* path, int line, const std::string& text);

// Test hooks: re-read the environment variables now; send the log to `out` (nullptr: stderr).
void reparseJitLogEnvironment();
void setJitLogStream(std::ostream* out);

// A graph's text for GRAPH_DUMP, from a Graph, a pointer or a shared_ptr.
std::string jitLogGraphText(const Graph& graph);
inline std::string jitLogGraphText(const Graph* graph) { return graph ? jitLogGraphText(*graph) : "<null graph>\n"; }
inline std::string jitLogGraphText(const std::shared_ptr<Graph>& graph) { return jitLogGraphText(graph.get()); }

namespace detail {
// -1: environment not read yet; 0: logging off everywhere; 1: some file logs.
extern std::atomic<int> gJitLogState;
bool jitLogEnabledSlow(const char* path, JitLoggingLevel level);
inline bool jitLogEnabled(const char* path, JitLoggingLevel level) {
  if (__builtin_expect(gJitLogState.load(std::memory_order_relaxed) == 0, 1)) return false;
  return jitLogEnabledSlow(path, level);
}
}  // namespace detail

}  // namespace ember::jit

#define EMBER_JIT_LOG(level, ...)                                                                 \
  do {                                                                                            \
    if (::ember::jit::detail::jitLogEnabled(__FILE__, level))                                     \
      ::ember::jit::jitLogWrite(level, __FILE__, __LINE__, ::ember::detail::concat(__VA_ARGS__)); \
  } while (0)

// GRAPH_DUMP("After Inlining:", graph): the message, then the whole graph.
#define GRAPH_DUMP(message, graph) \
  EMBER_JIT_LOG(::ember::jit::JitLoggingLevel::Dump, message, "\n", ::ember::jit::jitLogGraphText(graph))
#define GRAPH_UPDATE(...) EMBER_JIT_LOG(::ember::jit::JitLoggingLevel::Update, __VA_ARGS__)
#define GRAPH_DEBUG(...) EMBER_JIT_LOG(::ember::jit::JitLoggingLevel::Debug, __VA_ARGS__)
// Whether code in this file would log at that level (to skip building expensive messages).
#define GRAPH_DEBUG_ENABLED() ::ember::jit::detail::jitLogEnabled(__FILE__, ::ember::jit::JitLoggingLevel::Debug)
