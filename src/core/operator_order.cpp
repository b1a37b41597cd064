// Parses the overload order table once (see operator_order.h and data/overload_order.txt).
#include "core/operator_order.h"

#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ember::jit {
namespace {

constexpr std::string_view kTable =
#include "overload_order.inc"
    ;

// "aten::max.other" -> 0, "aten::max" -> 1, ...
std::unordered_map<std::string, size_t> parseTable() {
  std::unordered_map<std::string, size_t> ranks;
  std::istringstream lines{std::string(kTable)};
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string name, overload;
    fields >> name;
    for (size_t rank = 0; fields >> overload; ++rank)
      ranks.emplace(overload == "-" ? name : name + "." + overload, rank);
  }
  return ranks;
}

}  // namespace

std::optional<size_t> pytorchOverloadRank(const OperatorName& name) {
  static const std::unordered_map<std::string, size_t> ranks = parseTable();
  auto it = ranks.find(name.str());
  if (it == ranks.end()) return std::nullopt;
  return it->second;
}

}  // namespace ember::jit
