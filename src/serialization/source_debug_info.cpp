#include "serialization/source_debug_info.h"

#include <unordered_map>
#include <memory>
#include <string>

#include "ember/core/ivalue.h"
#include "ember/error.h"
#include "ember/serialization/unpickler.h"

namespace ember::jit {

namespace {

const std::vector<IValue>& elementsOf(const IValue& v, const char* what) {
  EMBER_CHECK(v.isTuple() || v.isList(), "debug_pkl: ", what, " is not a sequence");
  return v.isTuple() ? v.toTupleRef().elements : v.toListRef().elements;
}

int64_t intOf(const IValue& v, const char* what) {
  EMBER_CHECK(v.isInt(), "debug_pkl: ", what, " is not an int");
  return v.toInt();
}

// Builds the original sources: one Source per (text, file, line) tuple of the pickle, shared by
// the ranges that refer to it (the pickler memoises the tuple, so they refer to one object; its
// address is the key: keying by the text's repr cost ~10 ms per load of a transformer archive).
class SourceTable {
 public:
  explicit SourceTable(const std::vector<IValue>* strings) : strings_(strings) {}

  SourcePtr get(const IValue& desc) {
    const auto& d = elementsOf(desc, "source");
    EMBER_CHECK(d.size() == 3, "debug_pkl: source has ", d.size(), " fields");
    const void* key = &d;
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    std::string text, file;
    if (strings_) {  // (intlist of line indices, file index, first line)
      for (const IValue& i : elementsOf(d[0], "line list")) text += stringAt(intOf(i, "line index"));
      file = stringAt(intOf(d[1], "file index"));
    } else {  // (text, file name or None, first line)
      EMBER_CHECK(d[0].isString(), "debug_pkl: source text is not a string");
      text = d[0].toStringRef();
      if (d[1].isString()) file = d[1].toStringRef();
    }
    int64_t line = intOf(d[2], "line");
    SourcePtr src = file.empty() && line == 0 && text.empty()
                        ? nullptr
                        : std::make_shared<Source>(text, file, static_cast<size_t>(std::max<int64_t>(line, 1)));
    cache_.emplace(key, src);
    return src;
  }

 private:
  const std::string& stringAt(int64_t i) const {
    EMBER_CHECK(i >= 0 && static_cast<size_t>(i) < strings_->size() && (*strings_)[static_cast<size_t>(i)].isString(),
                "debug_pkl: string index ", i, " out of range");
    return (*strings_)[static_cast<size_t>(i)].toStringRef();
  }

  const std::vector<IValue>* strings_;
  std::unordered_map<const void*, SourcePtr> cache_;
};

}  // namespace

std::vector<Source::GeneratedFrom> readSourceDebugInfo(std::string_view pickle) {
  IValue root = unpickle(pickle);
  const std::vector<IValue>* strings = nullptr;
  const std::vector<IValue>* records = nullptr;
  if (root.isTuple() && root.toTupleRef().size() == 3 && root.toTupleRef().elements[0].isString()) {
    const auto& t = root.toTupleRef().elements;
    EMBER_CHECK(t[0].toStringRef() == "FORMAT_WITH_STRING_TABLE", "debug_pkl: unknown format '", t[0].toStringRef(), "'");
    strings = &elementsOf(t[1], "string table");
    records = &elementsOf(t[2], "records");
  } else {
    records = &elementsOf(root, "records");
  }
  SourceTable sources(strings);
  std::vector<Source::GeneratedFrom> out;
  for (const IValue& r : *records) {
    const auto& rec = elementsOf(r, "record");
    EMBER_CHECK(rec.size() >= 2, "debug_pkl: short record");
    int64_t offset = intOf(rec[0], "offset");
    EMBER_CHECK(offset >= 0 && (out.empty() || static_cast<size_t>(offset) >= out.back().offset),
                "debug_pkl: records are not sorted by offset");
    const auto& range = elementsOf(rec[1], "range");
    EMBER_CHECK(range.size() == 3, "debug_pkl: range has ", range.size(), " fields");
    SourcePtr src = sources.get(range[0]);
    int64_t start = intOf(range[1], "start"), end = intOf(range[2], "end");
    std::shared_ptr<SourceRange> original;
    if (src) {
      size_t size = src->text().size();
      EMBER_CHECK(start >= 0 && start <= end && static_cast<size_t>(end) <= size, "debug_pkl: range ", start, "..",
                  end, " outside its source of ", size, " characters");
      original = std::make_shared<SourceRange>(src, static_cast<size_t>(start), static_cast<size_t>(end));
    }
    out.push_back({static_cast<size_t>(offset), std::move(original)});
  }
  return out;
}

}  // namespace ember::jit
