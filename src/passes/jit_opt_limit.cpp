// The parsed EMBER_JIT_OPT_LIMIT / PYTORCH_JIT_OPT_LIMIT table and the per-file counters.
#include "passes/jit_opt_limit.h"

#include <cstdlib>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "ember/error.h"

namespace ember::jit {

namespace detail {
std::atomic<int> gJitOptLimitState{-1};
}  // namespace detail

namespace {

struct LimitConfig {
  std::mutex mutex;
  std::unordered_map<std::string, long long> limits;  // file stem -> allowed rewrites
  std::unordered_map<std::string, long long> counts;
};

LimitConfig& config() {
  static LimitConfig* c = new LimitConfig();
  return *c;
}

std::string stem(const std::string& path) {
  size_t slash = path.find_last_of("/\\");
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  size_t dot = base.find('.');
  return dot == std::string::npos ? base : base.substr(0, dot);
}

// A malformed entry is an error naming it: a silently ignored limit would defeat bisecting.
void parseLocked(LimitConfig& c) {
  c.limits.clear();
  c.counts.clear();
  detail::gJitOptLimitState.store(0, std::memory_order_relaxed);
  const char* setting = std::getenv("EMBER_JIT_OPT_LIMIT");
  if (!setting) setting = std::getenv("PYTORCH_JIT_OPT_LIMIT");
  std::stringstream in(setting ? setting : "");
  for (std::string entry; std::getline(in, entry, ':');) {
    if (entry.empty()) continue;
    size_t eq = entry.find('=');
    EMBER_CHECK(eq != std::string::npos && eq > 0, "JIT opt limit: expected 'file=N' but got '", entry, "'");
    std::string number = entry.substr(eq + 1);
    char* end = nullptr;
    long long n = std::strtoll(number.c_str(), &end, 10);
    EMBER_CHECK(!number.empty() && end && *end == '\0' && n >= 0, "JIT opt limit: '", number,
                "' is not a non-negative count in '", entry, "'");
    c.limits[stem(entry.substr(0, eq))] = n;
  }
  detail::gJitOptLimitState.store(c.limits.empty() ? 0 : 1, std::memory_order_relaxed);
}

}  // namespace

bool detail::jitOptAllowedSlow(const char* path) {
  LimitConfig& c = config();
  std::lock_guard<std::mutex> lock(c.mutex);
  if (gJitOptLimitState.load(std::memory_order_relaxed) < 0) parseLocked(c);
  auto limit = c.limits.find(stem(path));
  if (limit == c.limits.end()) return true;
  long long& count = c.counts[limit->first];
  if (count >= limit->second) return false;
  ++count;
  return true;
}

bool jitOptAllowed(const char* path) { return detail::jitOptAllowedFast(path); }

void reparseJitOptLimitEnvironment() {
  LimitConfig& c = config();
  std::lock_guard<std::mutex> lock(c.mutex);
  parseLocked(c);
}

}  // namespace ember::jit
