// The process-wide settings of the profiling executor's specialisation: the fusion strategy
// (torch.jit.set_fusion_strategy, default PyTorch 1.13's [("STATIC", 2), ("DYNAMIC", 10)]) and
// the bound on live specialisations per function. Executors read them once, when created.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <mutex>
#include <sstream>

#include "ember/error.h"
#include "ember/runtime/graph_executor.h"

namespace ember::jit {
namespace {

std::mutex gStrategyMutex;
FusionStrategy gStrategy{{FusionBehavior::Static, 2}, {FusionBehavior::Dynamic, 10}};
std::atomic<int64_t> gMaxSpecializations{8};

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
  return s;
}

}  // namespace

FusionStrategy setFusionStrategy(FusionStrategy strategy) {
  for (const auto& entry : strategy)
    EMBER_CHECK(entry.second >= 0, "a fusion strategy's counts must not be negative, got ", entry.second);
  std::lock_guard<std::mutex> lock(gStrategyMutex);
  std::swap(gStrategy, strategy);
  return strategy;
}

FusionStrategy getFusionStrategy() {
  std::lock_guard<std::mutex> lock(gStrategyMutex);
  return gStrategy;
}

FusionStrategy parseFusionStrategy(const std::string& text) {
  FusionStrategy strategy;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    size_t colon = item.find(':');
    EMBER_CHECK(colon != std::string::npos, "a fusion strategy is a list of BEHAVIOUR:COUNT (e.g. STATIC:2,DYNAMIC:10), got '",
                item, "'");
    std::string name = upper(item.substr(0, colon)), count = item.substr(colon + 1);
    EMBER_CHECK(name == "STATIC" || name == "DYNAMIC", "FusionBehavior only supported 'STATIC' or 'DYNAMIC', got: ",
                item.substr(0, colon));
    EMBER_CHECK(!count.empty() && count.size() <= 9 && std::all_of(count.begin(), count.end(), ::isdigit),
                "a fusion strategy count must be a non-negative integer, got '", count, "'");
    strategy.emplace_back(name == "STATIC" ? FusionBehavior::Static : FusionBehavior::Dynamic, std::stoll(count));
  }
  return strategy;
}

std::string fusionStrategyString(const FusionStrategy& strategy) {
  std::string out;
  for (const auto& [behavior, count] : strategy) {
    if (!out.empty()) out += ",";
    out += behavior == FusionBehavior::Static ? "STATIC:" : "DYNAMIC:";
    out += std::to_string(count);
  }
  return out;
}

void setMaxSpecializations(int64_t n) {
  EMBER_CHECK(n >= 1, "the number of specialisations per function must be at least 1, got ", n);
  gMaxSpecializations.store(n, std::memory_order_relaxed);
}

int64_t getMaxSpecializations() { return gMaxSpecializations.load(std::memory_order_relaxed); }

}  // namespace ember::jit
