// Reads the `#### MARKER` delimited fixture files in data/ (written by the gen_*.py scripts
// from PyTorch's own output).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "ember_test_source_dir.h"

namespace ember::jit::testing {

inline std::filesystem::path frontendDataDir() { return ember::test::testsDir() / "unit" / "frontend" / "data"; }

inline std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

// One block: the header line after "#### " split at spaces, and named sections of text.
struct FixtureBlock {
  std::vector<std::string> header;
  std::vector<std::pair<std::string, std::string>> sections;  // marker word -> text

  const std::string* section(const std::string& name) const {
    for (const auto& s : sections) {
      if (s.first == name) return &s.second;
    }
    return nullptr;
  }
};

// Blocks start at "#### <WORD> args..." (WORD in `starts`), contain "#### <WORD>" section
// markers, and end at "#### END". A "#### NO_TRAILING_NEWLINE" line removes the newline
// ending the section before it.
inline std::vector<FixtureBlock> readFixture(const std::string& text, const std::vector<std::string>& starts) {
  std::vector<FixtureBlock> blocks;
  std::istringstream in(text);
  std::string line;
  FixtureBlock* cur = nullptr;
  std::string* section = nullptr;
  while (std::getline(in, line)) {
    if (line.rfind("#### ", 0) == 0) {
      std::istringstream words(line.substr(5));
      std::vector<std::string> parts;
      for (std::string w; words >> w;) parts.push_back(w);
      const std::string& word = parts.empty() ? line : parts[0];
      bool isStart = false;
      for (const auto& s : starts) isStart = isStart || s == word;
      if (isStart) {
        blocks.emplace_back();
        cur = &blocks.back();
        cur->header = parts;
        cur->sections.emplace_back("BODY", "");
        section = &cur->sections.back().second;
      } else if (word == "END") {
        cur = nullptr;
        section = nullptr;
      } else if (word == "NO_TRAILING_NEWLINE") {
        if (section && !section->empty() && section->back() == '\n') section->pop_back();
      } else if (cur) {
        cur->sections.emplace_back(word, "");
        section = &cur->sections.back().second;
      }
      continue;
    }
    if (section) {
      *section += line;
      *section += '\n';
    }
  }
  return blocks;
}

}  // namespace ember::jit::testing
