// The known-failing lists of the differential suites (`known_failing.txt`): one case name per
// line, `#` starts a comment. A suite fails when a listed case passes, so each list only shrinks.
#pragma once

#include <cctype>
#include <fstream>
#include <set>
#include <string>

namespace ember::testing_support {

// The names in the file at `path`; empty when it is absent.
inline std::set<std::string> readKnownFailing(const std::string& path) {
  std::set<std::string> names;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (!line.empty()) names.insert(line);
  }
  return names;
}

}  // namespace ember::testing_support
