// Source text and ranges into it, used to point error messages at the code that caused them.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace ember::jit {

// A piece of source code shared by every token, tree and graph node made from it. Line
// offsets are computed on first use: most sources never produce an error.
class SourceRange;

class Source {
 public:
  explicit Source(std::string text) : text_(std::move(text)) {}
  // `startingLine` is the line number of the first line of text in the file (1-based).
  Source(std::string text, std::string filename, size_t startingLine = 1)
      : text_(std::move(text)), filename_(std::move(filename)), hasFilename_(true), startingLine_(startingLine) {}

  const std::string& text() const { return text_; }
  // Sources made from strings have no filename; their highlights omit the `File` line.
  bool hasFilename() const { return hasFilename_; }
  const std::string& filename() const { return filename_; }
  size_t startingLine() const { return startingLine_; }

  // Code that was printed from other code (an archive's code/ files) may know, per character
  // offset, the range of the original source it came from (the `.debug_pkl` records): entry i
  // covers offsets from its `offset` up to the next entry's. Set before the source is shared.
  struct GeneratedFrom {
    size_t offset;
    std::shared_ptr<SourceRange> original;  // null: no original for this stretch
  };
  void setGeneratedFrom(std::vector<GeneratedFrom> map) { generatedFrom_ = std::move(map); }
  // The original range behind `offset`, or null.
  const SourceRange* originalRangeAt(size_t offset) const;

  // 0-based index of the line holding `offset` within text().
  size_t lineIndexForOffset(size_t offset) const;
  // Offset of the first character of line `lineIndex` (0-based).
  size_t offsetForLineIndex(size_t lineIndex) const;
  size_t numLines() const;

 private:
  void computeLineStarts() const;

  std::string text_;
  std::string filename_;
  bool hasFilename_ = false;
  size_t startingLine_ = 1;
  mutable std::vector<size_t> lineStarts_;  // empty until first needed
  std::vector<GeneratedFrom> generatedFrom_;  // sorted by offset
};

using SourcePtr = std::shared_ptr<const Source>;

// A half-open range [start, end) of character offsets into a Source.
class SourceRange {
 public:
  SourceRange() = default;
  SourceRange(SourcePtr source, size_t start, size_t end) : source_(std::move(source)), start_(start), end_(end) {}

  const SourcePtr& source() const { return source_; }
  size_t start() const { return start_; }
  size_t end() const { return end_; }
  size_t size() const { return end_ - start_; }
  bool valid() const { return source_ != nullptr; }
  // The covered text (clamped to the source).
  std::string_view text() const;

  struct FileLineCol {
    std::string filename;
    size_t line;  // 1-based, counting from the source's starting line
    size_t col;   // 0-based
  };
  // Where the range starts; empty when the source has no filename.
  std::optional<FileLineCol> fileLineCol() const;

  // Prints `  File "name", line N` (when the source has a filename), up to two lines of
  // context either side, and the covered lines underlined with `~` ending in `<--- HERE`,
  // exactly as TorchScript does.
  void highlight(std::ostream& out) const;
  std::string highlight() const;
  void printWithContext(std::ostream& out, size_t contextLines, bool underline, const std::string& funcName) const;

  // The range of original source this (generated) range was printed from, if known.
  std::optional<SourceRange> findSourceRangeThatGenerated() const;

  // The smallest range covering both.
  SourceRange merge(const SourceRange& other) const;

  bool operator==(const SourceRange& other) const {
    return source_ == other.source_ && start_ == other.start_ && end_ == other.end_;
  }

 private:
  SourcePtr source_;
  size_t start_ = 0;
  size_t end_ = 0;
};

std::ostream& operator<<(std::ostream& out, const SourceRange& range);

}  // namespace ember::jit
