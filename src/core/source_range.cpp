#include "ember/core/source_range.h"

#include <algorithm>
#include <sstream>

#include "ember/error.h"

namespace ember::jit {

void Source::computeLineStarts() const {
  if (!lineStarts_.empty()) return;
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') lineStarts_.push_back(i + 1);
  }
}

const SourceRange* Source::originalRangeAt(size_t offset) const {
  auto it = std::upper_bound(generatedFrom_.begin(), generatedFrom_.end(), offset,
                             [](size_t o, const GeneratedFrom& g) { return o < g.offset; });
  if (it == generatedFrom_.begin()) return nullptr;
  return std::prev(it)->original.get();
}

std::optional<SourceRange> SourceRange::findSourceRangeThatGenerated() const {
  if (!source_) return std::nullopt;
  const SourceRange* original = source_->originalRangeAt(start_);
  if (!original) return std::nullopt;
  return *original;
}

size_t Source::lineIndexForOffset(size_t offset) const {
  computeLineStarts();
  // The last line start that is <= offset.
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  return static_cast<size_t>(it - lineStarts_.begin()) - 1;
}

size_t Source::offsetForLineIndex(size_t lineIndex) const {
  computeLineStarts();
  EMBER_ASSERT(lineIndex < lineStarts_.size(), "line index ", lineIndex, " out of range");
  return lineStarts_[lineIndex];
}

size_t Source::numLines() const {
  computeLineStarts();
  return lineStarts_.size();
}

std::string_view SourceRange::text() const {
  if (!source_) return {};
  const std::string& s = source_->text();
  size_t b = std::min(start_, s.size());
  size_t e = std::min(std::max(end_, b), s.size());
  return std::string_view(s).substr(b, e - b);
}

std::optional<SourceRange::FileLineCol> SourceRange::fileLineCol() const {
  if (!source_ || !source_->hasFilename()) return std::nullopt;
  size_t offset = std::min(start_, source_->text().size());
  size_t lineIndex = source_->lineIndexForOffset(offset);
  size_t col = offset - source_->offsetForLineIndex(lineIndex);
  return FileLineCol{source_->filename(), source_->startingLine() + lineIndex, col};
}

SourceRange SourceRange::merge(const SourceRange& other) const {
  if (!source_) return other;
  if (!other.source_) return *this;
  return SourceRange(source_, std::min(start_, other.start_), std::max(end_, other.end_));
}

namespace {

// Character access that reads past-the-end as NUL, like std::string::operator[] at size().
char at(const std::string& s, size_t i) { return i < s.size() ? s[i] : '\0'; }

size_t lineBegin(const std::string& s, size_t pos) {
  while (pos > 0 && s[pos - 1] != '\n') --pos;
  return pos;
}

size_t lineEnd(const std::string& s, size_t pos) {
  while (pos < s.size() && s[pos] != '\n') ++pos;
  return pos;
}

// Start of the context shown before line `begin`: the reported context counts the newline
// ending the previous line, so `context` = 3 shows two lines before.
size_t contextBegin(const std::string& s, size_t begin, size_t context) {
  size_t newlines = 0;
  while (begin > 0) {
    if (s[begin - 1] == '\n') ++newlines;
    if (newlines >= context) break;
    --begin;
  }
  return begin;
}

size_t contextEnd(const std::string& s, size_t end, size_t context) {
  size_t newlines = 0;
  while (end < s.size()) {
    if (s[end] == '\n') ++newlines;
    if (newlines >= context) break;
    ++end;
  }
  return end;
}

}  // namespace

void SourceRange::printWithContext(std::ostream& out, size_t contextLines, bool underline,
                                   const std::string& funcName) const {
  if (!source_) return;
  const std::string& s = source_->text();
  // A range covering the whole text is printed verbatim (TorchScript uses this for stacks).
  if (size() == s.size()) {
    out << s;
    return;
  }
  if (start_ > s.size()) return;
  size_t rangeEnd = std::min(end_, s.size());
  size_t firstContext = contextBegin(s, lineBegin(s, start_), contextLines);
  size_t lastContext = contextEnd(s, lineEnd(s, rangeEnd), contextLines);

  if (auto flc = fileLineCol()) {
    out << "  File \"" << flc->filename << "\", line " << flc->line;
    if (!funcName.empty()) out << ", in " << funcName;
    out << "\n";
  }
  out << s.substr(firstContext, start_ - firstContext);

  size_t lineStart = start_;
  size_t next = rangeEnd;
  if (underline) {
    next = start_;
    while (lineStart < rangeEnd) {
      next = lineEnd(s, next);
      std::string line = s.substr(lineStart, next - lineStart + 1);
      out << line;
      if (line.back() != '\n') out << "\n";

      size_t hlBegin = lineBegin(s, lineStart);
      size_t hlEnd = lineStart;
      while (hlEnd < rangeEnd && s[hlEnd] != '\n') ++hlEnd;
      // Leading blanks of a continuation line, and everything before the start, are not underlined.
      size_t blank = 0;
      for (size_t i = hlBegin; i < hlEnd && (s[i] == ' ' || i < start_); ++i) ++blank;
      size_t marked = hlEnd - hlBegin - blank;
      if (marked > 0) {
        bool moreLines = false;
        for (size_t i = next; i <= rangeEnd; ++i) {
          char c = at(s, i);
          if (c != '\n' && c != ' ') moreLines = true;
        }
        out << std::string(blank, ' ') << std::string(marked, '~');
        out << (moreLines && next != rangeEnd ? "\n" : " <--- HERE\n");
      }
      ++next;
      lineStart = next;
    }
  } else {
    out << s.substr(start_, rangeEnd - start_);
  }
  if (next <= s.size() && next < lastContext) {
    std::string tail = s.substr(next, lastContext - next);
    out << tail;
    if (tail.back() != '\n') out << "\n";
  }
}

void SourceRange::highlight(std::ostream& out) const { printWithContext(out, 3, true, ""); }

std::string SourceRange::highlight() const {
  std::ostringstream os;
  highlight(os);
  return os.str();
}

std::ostream& operator<<(std::ostream& out, const SourceRange& range) {
  range.highlight(out);
  return out;
}

}  // namespace ember::jit
