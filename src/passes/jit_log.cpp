// The parsed EMBER_JIT_LOG_LEVEL / PYTORCH_JIT_LOG_LEVEL table and the prefixed writer.
#include "passes/jit_log.h"

#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "ember/ir/ir.h"

namespace ember::jit {

namespace detail {
std::atomic<int> gJitLogState{-1};
}  // namespace detail

namespace {

struct LogConfig {
  std::mutex mutex;
  std::unordered_map<std::string, JitLoggingLevel> levels;  // file stem -> most detailed level
  std::ostream* stream = nullptr;
};

LogConfig& config() {
  static LogConfig* c = new LogConfig();  // never destroyed: logging may run during exit
  return *c;
}

std::string baseName(const std::string& path) {
  size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string stem(const std::string& path) {
  std::string base = baseName(path);
  size_t dot = base.find('.');
  return dot == std::string::npos ? base : base.substr(0, dot);
}

// EMBER_JIT_LOG_LEVEL wins when both are set.
const char* logSetting() {
  const char* s = std::getenv("EMBER_JIT_LOG_LEVEL");
  return s ? s : std::getenv("PYTORCH_JIT_LOG_LEVEL");
}

void parseLocked(LogConfig& c) {
  c.levels.clear();
  const char* setting = logSetting();
  std::string text = setting ? setting : "";
  std::stringstream in(text);
  for (std::string entry; std::getline(in, entry, ':');) {
    size_t begin = entry.find_first_not_of('>');
    if (begin == std::string::npos) continue;  // empty or only '>'
    size_t depth = std::min<size_t>(begin, 2);
    c.levels[stem(entry.substr(begin))] = static_cast<JitLoggingLevel>(depth);
  }
  detail::gJitLogState.store(c.levels.empty() ? 0 : 1, std::memory_order_relaxed);
}

}  // namespace

const char* jitLoggingLevelName(JitLoggingLevel level) {
  switch (level) {
    case JitLoggingLevel::Dump:
      return "DUMP";
    case JitLoggingLevel::Update:
      return "UPDATE";
    case JitLoggingLevel::Debug:
      return "DEBUG";
  }
  return "?";
}

bool detail::jitLogEnabledSlow(const char* path, JitLoggingLevel level) {
  LogConfig& c = config();
  std::lock_guard<std::mutex> lock(c.mutex);
  if (gJitLogState.load(std::memory_order_relaxed) < 0) parseLocked(c);
  if (c.levels.empty()) return false;
  auto it = c.levels.find(stem(path));
  return it != c.levels.end() && level <= it->second;
}

bool isJitLogEnabled(const char* path, JitLoggingLevel level) { return detail::jitLogEnabled(path, level); }

std::string jitLogPrefix(JitLoggingLevel level, const char* path, int line, const std::string& text) {
  std::ostringstream prefix;
  prefix << "[" << jitLoggingLevelName(level) << " " << baseName(path) << ":" << std::setfill('0') << std::setw(3)
         << line << "] ";
  std::ostringstream out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out << prefix.str() << l << "\n";
  return out.str();
}

void jitLogWrite(JitLoggingLevel level, const char* path, int line, const std::string& text) {
  std::string prefixed = jitLogPrefix(level, path, line, text);
  LogConfig& c = config();
  std::lock_guard<std::mutex> lock(c.mutex);
  if (c.stream) {
    *c.stream << prefixed;
  } else {
    std::fwrite(prefixed.data(), 1, prefixed.size(), stderr);
  }
}

void reparseJitLogEnvironment() {
  LogConfig& c = config();
  std::lock_guard<std::mutex> lock(c.mutex);
  parseLocked(c);
}

void setJitLogStream(std::ostream* out) {
  LogConfig& c = config();
  std::lock_guard<std::mutex> lock(c.mutex);
  c.stream = out;
}

std::string jitLogGraphText(const Graph& graph) { return graph.toString(); }

}  // namespace ember::jit
