// Graph text compared by structure: the frontend tests and the program corpus compare ember's
// printed graphs with PyTorch's, whose value names and constant placement differ harmlessly.
#pragma once

#include <map>
#include <regex>
#include <sstream>
#include <string>

namespace ember::testing_support {

// Drops prim::Constant lines (each use of a constant, or of a function constant, is written as
// <type value>), source comments
// and value names (the rest are numbered %v0, %v1, ... in order of appearance).
inline std::string normalizeGraphText(const std::string& text) {
  static const std::regex kConst(R"(^\s*(%[A-Za-z0-9_.]+) : ([^=]+) = prim::Constant(\[(value|name)=(.*)\])?\(\).*$)");
  static const std::regex kComment(" +#[^\n]*");
  static const std::regex kName("%[A-Za-z0-9_.]+");
  std::map<std::string, std::string> constants;
  std::ostringstream kept;
  std::istringstream in(std::regex_replace(text, kComment, ""));
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, kConst)) {
      constants[m[1]] = "<" + m[2].str() + " " + m[5].str() + ">";
      continue;
    }
    kept << line << "\n";
  }
  std::string body = kept.str(), out;
  std::map<std::string, std::string> names;
  size_t last = 0;
  for (auto it = std::sregex_iterator(body.begin(), body.end(), kName); it != std::sregex_iterator(); ++it) {
    out += body.substr(last, it->position() - last);
    if (auto c = constants.find(it->str()); c != constants.end()) {
      out += c->second;
    } else {
      auto [pos, fresh] = names.emplace(it->str(), "%v" + std::to_string(names.size()));
      out += pos->second;
    }
    last = it->position() + it->length();
  }
  return out + body.substr(last);
}

}  // namespace ember::testing_support
