#include "ember/ir/file_check.h"

#include <algorithm>
#include <optional>
#include <regex>
#include <sstream>

#include "ember/error.h"

namespace ember::jit {

namespace {

struct Span {
  size_t begin, end;
};

const char* kindName(int kind) {
  static const char* names[] = {"CHECK", "CHECK-NEXT", "CHECK-SAME", "CHECK-NOT", "CHECK-COUNT", "CHECK-DAG",
                                "CHECK-REGEX"};
  return names[kind];
}

size_t countNewlines(std::string_view text, size_t from, size_t to) {
  return static_cast<size_t>(std::count(text.begin() + from, text.begin() + to, '\n'));
}

// Shows the text around position `at` (up to 6 lines before it, not before the line where the
// search started at `from`), with `~~~ <--- HERE` under `at`.
std::string showPosition(std::string_view text, size_t from, size_t at) {
  constexpr auto npos = std::string_view::npos;
  size_t lineStart = at == 0 ? npos : text.rfind('\n', at - 1);
  lineStart = lineStart == npos ? 0 : lineStart + 1;
  size_t lineEnd = text.find('\n', at);
  if (lineEnd == npos) lineEnd = text.size();
  size_t ctx = lineStart;
  for (int k = 0; k < 6 && ctx > 0 && ctx > from; ++k) {
    size_t prev = ctx >= 2 ? text.rfind('\n', ctx - 2) : npos;
    ctx = prev == npos ? 0 : prev + 1;
  }
  std::string out(text.substr(ctx, lineEnd - ctx));
  out += "\n" + std::string(at - lineStart, ' ') + "~~~ <--- HERE";
  return out;
}

}  // namespace

FileCheck& FileCheck::add(Directive d) {
  EMBER_CHECK(!d.pattern.empty(), "FileCheck: empty pattern for ", kindName(static_cast<int>(d.kind)));
  directives_.push_back(std::move(d));
  return *this;
}

FileCheck& FileCheck::check(std::string p) { return add({Kind::Check, std::move(p)}); }
FileCheck& FileCheck::checkNext(std::string p) { return add({Kind::Next, std::move(p)}); }
FileCheck& FileCheck::checkSame(std::string p) { return add({Kind::Same, std::move(p)}); }
FileCheck& FileCheck::checkNot(std::string p) { return add({Kind::Not, std::move(p)}); }
FileCheck& FileCheck::checkDag(std::string p) { return add({Kind::Dag, std::move(p)}); }
FileCheck& FileCheck::checkRegex(std::string p) { return add({Kind::Regex, std::move(p)}); }
FileCheck& FileCheck::checkCount(std::string p, int count, bool exactly) {
  EMBER_CHECK(count >= 0, "FileCheck: negative count for CHECK-COUNT");
  return add({Kind::Count, std::move(p), count, exactly});
}

namespace {

class Runner {
 public:
  explicit Runner(std::string_view text) : text_(text) {}

  std::optional<Span> find(const std::string& pattern, size_t from, bool regex) const {
    if (from > text_.size()) return std::nullopt;
    if (regex) {
      std::regex re(pattern, std::regex::ECMAScript);
      std::match_results<std::string_view::const_iterator> m;
      if (!std::regex_search(text_.begin() + from, text_.end(), m, re)) return std::nullopt;
      size_t b = from + static_cast<size_t>(m.position(0));
      return Span{b, b + static_cast<size_t>(m.length(0))};
    }
    size_t b = text_.find(pattern, from);
    if (b == std::string_view::npos) return std::nullopt;
    return Span{b, b + pattern.size()};
  }

  [[noreturn]] void fail(const std::string& what, const char* kind, const std::string& pattern, size_t from,
                         size_t at) const {
    EMBER_ERROR(what, "\nSearched string:\n", showPosition(text_, from, std::min(at, text_.size())), "\nFrom ",
                kind, ": ", pattern);
  }

  // Fails if a pending CHECK-NOT pattern occurs in [from, to).
  void flushNots(std::vector<std::pair<std::string, const char*>>& nots, size_t from, size_t to) const {
    for (const auto& [pattern, kind] : nots) {
      auto m = find(pattern, from, false);
      if (m && m->end <= to) fail("Expected not to find \"" + pattern + "\" but found it", kind, pattern, from, m->begin);
    }
    nots.clear();
  }

  std::string_view text_;
};

}  // namespace

void FileCheck::run(std::string_view text) const {
  Runner r(text);
  size_t pos = 0;
  bool havePrev = false;
  std::vector<std::pair<std::string, const char*>> nots;
  for (size_t i = 0; i < directives_.size(); ++i) {
    const Directive& d = directives_[i];
    const char* kind = kindName(static_cast<int>(d.kind));
    switch (d.kind) {
      case Kind::Not:
        nots.emplace_back(d.pattern, kind);
        break;
      case Kind::Check:
      case Kind::Regex:
      case Kind::Next:
      case Kind::Same: {
        auto m = r.find(d.pattern, pos, d.kind == Kind::Regex);
        if (!m) r.fail("Expected to find \"" + d.pattern + "\" but did not find it", kind, d.pattern, pos, pos);
        if (d.kind == Kind::Next || d.kind == Kind::Same) {
          EMBER_CHECK(havePrev, "FileCheck: ", kind, " cannot be the first directive");
          size_t lines = countNewlines(text, pos, m->begin);
          size_t want = d.kind == Kind::Next ? 1 : 0;
          if (lines != want) {
            r.fail("Expected to find \"" + d.pattern + "\" on " +
                       (want ? "the line after the previous match" : "the same line as the previous match") +
                       " but found it " + std::to_string(lines) + " line(s) later",
                   kind, d.pattern, pos, m->begin);
          }
        }
        r.flushNots(nots, pos, m->begin);
        pos = m->end;
        havePrev = true;
        break;
      }
      case Kind::Count: {
        for (int k = 0; k < d.count; ++k) {
          auto m = r.find(d.pattern, pos, false);
          if (!m) {
            r.fail("Expected to find \"" + d.pattern + "\" " + std::to_string(d.count) + " times but found it " +
                       std::to_string(k) + " times",
                   kind, d.pattern, pos, pos);
          }
          if (k == 0) r.flushNots(nots, pos, m->begin);
          pos = m->end;
          havePrev = true;
        }
        if (d.exactly) nots.emplace_back(d.pattern, kind);
        break;
      }
      case Kind::Dag: {
        size_t groupEnd = i;
        while (groupEnd < directives_.size() && directives_[groupEnd].kind == Kind::Dag) ++groupEnd;
        std::vector<Span> taken;
        size_t first = std::string_view::npos, last = pos;
        for (size_t j = i; j < groupEnd; ++j) {
          const std::string& p = directives_[j].pattern;
          size_t from = pos;
          std::optional<Span> m;
          // Matches of one DAG group may not overlap: skip past any that do.
          while ((m = r.find(p, from, false))) {
            bool overlaps = std::any_of(taken.begin(), taken.end(),
                                        [&](const Span& s) { return m->begin < s.end && s.begin < m->end; });
            if (!overlaps) break;
            from = m->begin + 1;
          }
          if (!m) r.fail("Expected to find \"" + p + "\" but did not find it", kind, p, pos, pos);
          taken.push_back(*m);
          first = std::min(first, m->begin);
          last = std::max(last, m->end);
        }
        r.flushNots(nots, pos, first);
        pos = last;
        havePrev = true;
        i = groupEnd - 1;
        break;
      }
    }
  }
  r.flushNots(nots, pos, text.size());
}

bool FileCheck::matches(std::string_view text) const {
  try {
    run(text);
    return true;
  } catch (const Error&) {
    return false;
  }
}

void FileCheck::runAnnotated(std::string_view checks, std::string_view text) {
  static const std::regex directive(R"(#\s*CHECK(-NEXT|-SAME|-NOT|-DAG|-COUNT-(EXACTLY-)?(\d+))?:\s*(.*?)\s*$)");
  FileCheck fc;
  std::istringstream lines{std::string(checks)};
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, directive)) continue;
    std::string kind = m[1].str(), pattern = m[4].str();
    if (kind.empty()) fc.check(pattern);
    else if (kind == "-NEXT") fc.checkNext(pattern);
    else if (kind == "-SAME") fc.checkSame(pattern);
    else if (kind == "-NOT") fc.checkNot(pattern);
    else if (kind == "-DAG") fc.checkDag(pattern);
    else fc.checkCount(pattern, std::stoi(m[3].str()), m[2].matched);
  }
  EMBER_CHECK(!fc.directives_.empty(), "FileCheck: no CHECK directives found");
  fc.run(text);
}

}  // namespace ember::jit
