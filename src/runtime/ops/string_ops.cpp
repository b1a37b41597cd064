// Python str methods over TorchScript strings. Strings are byte strings here as in PyTorch:
// indexing, len and the character classes work on bytes with C-locale ASCII rules.
//
// PyTorch's `start`/`end` arguments of find/count/startswith/... differ from Python's in one
// way: a negative end counts from one past the end (end=-1 is the whole string).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "ember/runtime/register_operators.h"
#include "runtime/ops/op_helpers.h"
#include "runtime/ops/python_number.h"

namespace ember::jit {
namespace {

using std::string;

bool isSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool isUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool isLower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool isAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool isAlnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
char toLower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
char toUpper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

// The [start, end) window PyTorch's string methods search in.
std::pair<int64_t, int64_t> window(int64_t size, int64_t start, int64_t end) {
  if (start < 0) start = std::max<int64_t>(0, size + start);
  if (end < 0) end = std::max<int64_t>(0, size + end + 1);
  start = std::min(start, size);
  end = std::min(end, size);
  return {start, std::max(start, end)};
}

template <typename F>
void strToStr(Stack& stack) {
  stack.back() = IValue(F{}(stack.back().toStringRef()));
}

template <typename F>
void strToBool(Stack& stack) {
  stack.back() = IValue(F{}(stack.back().toStringRef()));
}

#define EMBER_STR_FUNCTOR(Name, Ret, ...) \
  struct Name {                           \
    Ret operator()(const string& s) const __VA_ARGS__ \
  };

EMBER_STR_FUNCTOR(Lower, string, {
  string r = s;
  std::transform(r.begin(), r.end(), r.begin(), toLower);
  return r;
})
EMBER_STR_FUNCTOR(Upper, string, {
  string r = s;
  std::transform(r.begin(), r.end(), r.begin(), toUpper);
  return r;
})
EMBER_STR_FUNCTOR(SwapCase, string, {
  string r = s;
  for (char& c : r) c = isUpper(c) ? toLower(c) : isLower(c) ? toUpper(c) : c;
  return r;
})
// Words start after any non-letter, as Python's title() does.
EMBER_STR_FUNCTOR(Title, string, {
  string r = s;
  bool prevCased = false;
  for (char& c : r) {
    if (isAlpha(c)) {
      c = prevCased ? toLower(c) : toUpper(c);
      prevCased = true;
    } else {
      prevCased = false;
    }
  }
  return r;
})
EMBER_STR_FUNCTOR(Capitalize, string, {
  string r = s;
  for (size_t i = 0; i < r.size(); ++i) r[i] = i == 0 ? toUpper(r[i]) : toLower(r[i]);
  return r;
})
EMBER_STR_FUNCTOR(IsDigit, bool, { return !s.empty() && std::all_of(s.begin(), s.end(), isDigit); })
EMBER_STR_FUNCTOR(IsAlpha, bool, { return !s.empty() && std::all_of(s.begin(), s.end(), isAlpha); })
EMBER_STR_FUNCTOR(IsAlnum, bool, { return !s.empty() && std::all_of(s.begin(), s.end(), isAlnum); })
EMBER_STR_FUNCTOR(IsSpace, bool, { return !s.empty() && std::all_of(s.begin(), s.end(), isSpace); })
EMBER_STR_FUNCTOR(IsPrintable, bool, {
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isprint(static_cast<unsigned char>(c)) != 0; });
})
EMBER_STR_FUNCTOR(IsLower, bool, {
  return std::any_of(s.begin(), s.end(), isLower) && std::none_of(s.begin(), s.end(), isUpper);
})
EMBER_STR_FUNCTOR(IsUpper, bool, {
  return std::any_of(s.begin(), s.end(), isUpper) && std::none_of(s.begin(), s.end(), isLower);
})
// PyTorch's (Python 2 style) rule: letters and digits only, not starting with a digit.
EMBER_STR_FUNCTOR(IsIdentifier, bool, {
  if (s.empty() || isDigit(s[0])) return false;
  return std::all_of(s.begin(), s.end(), isAlnum);
})
// Uppercase letters only after uncased characters, lowercase only after cased ones.
EMBER_STR_FUNCTOR(IsTitle, bool, {
  bool cased = false, prevCased = false;
  for (char c : s) {
    if (isUpper(c)) {
      if (prevCased) return false;
      prevCased = cased = true;
    } else if (isLower(c)) {
      if (!prevCased) return false;
      prevCased = cased = true;
    } else {
      prevCased = false;
    }
  }
  return cased;
})
#undef EMBER_STR_FUNCTOR

void strAdd(Stack& stack) {
  string b = pop(stack).toStringRef();
  stack.back() = IValue(stack.back().toStringRef() + b);
}

void strLen(Stack& stack) { stack.back() = IValue(static_cast<int64_t>(stack.back().toStringRef().size())); }

void strIndex(Stack& stack) {
  int64_t i = pop(stack).toInt();
  const string& s = stack.back().toStringRef();
  int64_t n = static_cast<int64_t>(s.size());
  int64_t j = i < 0 ? i + n : i;
  EMBER_CHECK_KIND(Index, j >= 0 && j < n, "string index out of range");
  stack.back() = IValue(string(1, s[static_cast<size_t>(j)]));
}

void strSlice(Stack& stack) {
  int64_t step = pop(stack).toInt();
  IValue end = pop(stack);
  IValue start = pop(stack);
  const string& s = stack.back().toStringRef();
  int64_t first = 0, count = 0;
  py::sliceBounds(start.isNone() ? std::nullopt : std::optional<int64_t>(start.toInt()),
                  end.isNone() ? std::nullopt : std::optional<int64_t>(end.toInt()), step,
                  static_cast<int64_t>(s.size()), first, count);
  string out;
  out.reserve(static_cast<size_t>(count));
  for (int64_t k = 0, i = first; k < count; ++k, i += step) out.push_back(s[static_cast<size_t>(i)]);
  stack.back() = IValue(std::move(out));
}

void strList(Stack& stack) {
  const string& s = stack.back().toStringRef();
  std::vector<string> chars;
  chars.reserve(s.size());
  for (char c : s) chars.emplace_back(1, c);
  stack.back() = makeStringList(chars);
}

void strJoin(Stack& stack) {
  IValue values = pop(stack);
  const string& sep = stack.back().toStringRef();
  string out;
  const auto& elems = values.toListRef().elements;
  for (size_t i = 0; i < elems.size(); ++i) {
    if (i > 0) out += sep;
    out += elems[i].toStringRef();
  }
  stack.back() = IValue(std::move(out));
}

// TorchScript ignores `max` when splitting on whitespace.
std::vector<string> splitWhitespace(const string& s) {
  std::vector<string> out;
  size_t i = 0, n = s.size();
  while (true) {
    while (i < n && isSpace(s[i])) ++i;
    if (i >= n) break;
    size_t j = i;
    while (j < n && !isSpace(s[j])) ++j;
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::vector<string> splitSeparator(const string& s, const string& sep, int64_t max) {
  EMBER_CHECK_KIND(Value, !sep.empty(), "ValueError: empty separator");
  std::vector<string> out;
  size_t start = 0;
  while (max < 0 || static_cast<int64_t>(out.size()) < max) {
    size_t pos = s.find(sep, start);
    if (pos == string::npos) break;
    out.push_back(s.substr(start, pos - start));
    start = pos + sep.size();
  }
  out.push_back(s.substr(start));
  return out;
}

void strSplit(Stack& stack) {
  int64_t max = pop(stack).toInt();
  IValue sep = pop(stack);
  const string& s = stack.back().toStringRef();
  stack.back() = makeStringList(sep.isNone() ? splitWhitespace(s) : splitSeparator(s, sep.toStringRef(), max));
}

void strRSplit(Stack& stack) {
  int64_t max = pop(stack).toInt();
  string sep = pop(stack).toStringRef();
  const string& s = stack.back().toStringRef();
  EMBER_CHECK_KIND(Value, !sep.empty(), "ValueError: empty separator");
  std::vector<string> out;
  size_t end = s.size();
  while (max < 0 || static_cast<int64_t>(out.size()) < max) {
    if (end < sep.size()) break;
    size_t pos = s.rfind(sep, end - sep.size());
    if (pos == string::npos) break;
    out.push_back(s.substr(pos + sep.size(), end - pos - sep.size()));
    end = pos;
  }
  out.push_back(s.substr(0, end));
  std::reverse(out.begin(), out.end());
  stack.back() = makeStringList(out);
}

// TorchScript's splitlines breaks at every single line-break character (so "\r\n" makes an
// empty line), and with keepends the break itself becomes a separate element.
void strSplitLines(Stack& stack) {
  bool keepends = pop(stack).toBool();
  const string& s = stack.back().toStringRef();
  static const string kBreaks = "\n\r\v\f\x1c\x1d\x1e";
  std::vector<string> out;
  size_t prev = 0;
  for (size_t pos = s.find_first_of(kBreaks); pos != string::npos; pos = s.find_first_of(kBreaks, prev)) {
    out.push_back(s.substr(prev, pos - prev));
    if (keepends) out.push_back(s.substr(pos, 1));
    prev = pos + 1;
  }
  if (prev < s.size()) out.push_back(s.substr(prev));
  stack.back() = makeStringList(out);
}

template <bool Left, bool Right>
void strStrip(Stack& stack) {
  string chars = pop(stack).toStringRef();
  const string& s = stack.back().toStringRef();
  size_t b = 0, e = s.size();
  if (Left) {
    size_t p = s.find_first_not_of(chars);
    b = p == string::npos ? s.size() : p;
  }
  if (Right) {
    size_t p = s.find_last_not_of(chars);
    e = p == string::npos ? 0 : p + 1;
  }
  stack.back() = IValue(b < e ? s.substr(b, e - b) : string());
}

// Pops (substr, start, end) and returns the searched window of self (left on the stack).
struct Search {
  string sub;
  string text;
  int64_t offset;
};
Search popSearch(Stack& stack) {
  int64_t end = pop(stack).toInt();
  int64_t start = pop(stack).toInt();
  string sub = pop(stack).toStringRef();
  const string& s = stack.back().toStringRef();
  auto [b, e] = window(static_cast<int64_t>(s.size()), start, end);
  return {std::move(sub), s.substr(static_cast<size_t>(b), static_cast<size_t>(e - b)), b};
}

template <bool Reverse>
int64_t findIn(const Search& q) {
  size_t pos = Reverse ? q.text.rfind(q.sub) : q.text.find(q.sub);
  return pos == string::npos ? -1 : static_cast<int64_t>(pos) + q.offset;
}

template <bool Reverse>
void strFind(Stack& stack) {
  Search q = popSearch(stack);
  stack.back() = IValue(findIn<Reverse>(q));
}

template <bool Reverse>
void strIndexOf(Stack& stack) {
  Search q = popSearch(stack);
  int64_t r = findIn<Reverse>(q);
  EMBER_CHECK_KIND(Value, r >= 0, "ValueError: substring not found");
  stack.back() = IValue(r);
}

// TorchScript counts the occurrences that start inside the window (they may run past its end).
void strCount(Stack& stack) {
  int64_t endArg = pop(stack).toInt();
  int64_t startArg = pop(stack).toInt();
  string sub = pop(stack).toStringRef();
  const string& s = stack.back().toStringRef();
  auto [b, e] = window(static_cast<int64_t>(s.size()), startArg, endArg);
  int64_t n = 0;
  if (sub.empty()) {
    n = e - b + 1;  // Python's answer (PyTorch never returns here)
  } else {
    for (size_t pos = s.find(sub, static_cast<size_t>(b)); pos != string::npos && static_cast<int64_t>(pos) < e;
         pos = s.find(sub, pos + sub.size())) {
      ++n;
    }
  }
  stack.back() = IValue(n);
}

void strStartsWith(Stack& stack) {
  Search q = popSearch(stack);
  stack.back() = IValue(q.text.starts_with(q.sub));
}

void strEndsWith(Stack& stack) {
  Search q = popSearch(stack);
  stack.back() = IValue(q.text.ends_with(q.sub));
}

void strReplace(Stack& stack) {
  int64_t max = pop(stack).toInt();
  string repl = pop(stack).toStringRef();
  string old = pop(stack).toStringRef();
  const string& s = stack.back().toStringRef();
  string out;
  int64_t done = 0;
  if (old.empty()) {
    // Python inserts the replacement before every character and at the end.
    for (size_t i = 0; i <= s.size(); ++i) {
      if (max < 0 || done < max) {
        out += repl;
        ++done;
      }
      if (i < s.size()) out += s[i];
    }
  } else {
    size_t start = 0;
    while (max < 0 || done < max) {
      size_t pos = s.find(old, start);
      if (pos == string::npos) break;
      out.append(s, start, pos - start);
      out += repl;
      start = pos + old.size();
      ++done;
    }
    out.append(s, start, string::npos);
  }
  stack.back() = IValue(std::move(out));
}

// Pops (width, fillchar) for center/ljust/rjust.
std::pair<int64_t, char> popPad(Stack& stack) {
  string fill = pop(stack).toStringRef();
  int64_t width = pop(stack).toInt();
  EMBER_CHECK(fill.size() == 1, "TypeError: The fill character must be exactly one character long");
  return {width, fill[0]};
}

void strCenter(Stack& stack) {
  auto [width, fill] = popPad(stack);
  const string& s = stack.back().toStringRef();
  int64_t n = static_cast<int64_t>(s.size());
  if (width <= n) return;
  int64_t pad = width - n;
  // Python's rule: the extra character of odd padding goes left only when both are odd.
  int64_t left = pad / 2 + (pad & width & 1);
  stack.back() = IValue(string(static_cast<size_t>(left), fill) + s + string(static_cast<size_t>(pad - left), fill));
}

template <bool Left>
void strJustify(Stack& stack) {
  auto [width, fill] = popPad(stack);
  const string& s = stack.back().toStringRef();
  int64_t n = static_cast<int64_t>(s.size());
  if (width <= n) return;
  string pad(static_cast<size_t>(width - n), fill);
  stack.back() = IValue(Left ? s + pad : pad + s);
}

void strZfill(Stack& stack) {
  int64_t width = pop(stack).toInt();
  const string& s = stack.back().toStringRef();
  int64_t n = static_cast<int64_t>(s.size());
  if (width <= n) return;
  // Unlike Python, TorchScript pads in front of a sign too.
  stack.back() = IValue(string(static_cast<size_t>(width - n), '0') + s);
}

template <bool Reverse>
void strPartition(Stack& stack) {
  string sep = pop(stack).toStringRef();
  string s = pop(stack).toStringRef();
  // An empty separator matches at the start (partition) or the end (rpartition), as in PyTorch.
  size_t pos = Reverse ? s.rfind(sep) : s.find(sep);
  if (pos == string::npos) {
    if (Reverse) push(stack, string(), string(), s);
    else push(stack, s, string(), string());
    return;
  }
  push(stack, s.substr(0, pos), sep, s.substr(pos + sep.size()));
}

void strExpandTabs(Stack& stack) {
  int64_t tabsize = pop(stack).toInt();
  const string& s = stack.back().toStringRef();
  string out;
  int64_t col = 0;
  for (char c : s) {
    if (c == '\t') {
      if (tabsize > 0) {
        int64_t spaces = tabsize - col % tabsize;
        out.append(static_cast<size_t>(spaces), ' ');
        col += spaces;
      }
    } else {
      out += c;
      col = (c == '\n' || c == '\r') ? 0 : col + 1;
    }
  }
  stack.back() = IValue(std::move(out));
}

void strOrd(Stack& stack) {
  const string& s = stack.back().toStringRef();
  EMBER_CHECK_KIND(Type, s.size() == 1, "String for ord() must be 1 character, found ", s.size());
  stack.back() = IValue(static_cast<int64_t>(static_cast<unsigned char>(s[0])));
}

void strChr(Stack& stack) {
  int64_t i = stack.back().toInt();
  EMBER_CHECK_KIND(Value, i >= 0 && i < 1114111, "chr() arg not in range(0x110000), found ", i);
  stack.back() = IValue(string(1, static_cast<char>(i)));
}

// bin/oct/hex: Python's prefixed form with the sign in front.
template <int Base>
void intToBase(Stack& stack) {
  int64_t v = stack.back().toInt();
  uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  string digits;
  do {
    digits.push_back("0123456789abcdef"[mag % Base]);
    mag /= Base;
  } while (mag != 0);
  std::reverse(digits.begin(), digits.end());
  const char* prefix = Base == 2 ? "0b" : Base == 8 ? "0o" : "0x";
  stack.back() = IValue(string(v < 0 ? "-" : "") + prefix + digits);
}

using Ops = std::vector<Operator>;

Ops stringOps() {
  Ops ops;
  ops.emplace_back("aten::add.str(str a, str b) -> str", strAdd);
  ops.emplace_back("aten::len.str(str s) -> int", strLen);
  ops.emplace_back("aten::__getitem__.str(str s, int index) -> str", strIndex);
  ops.emplace_back("prim::StringIndex(str string, int index) -> str", strIndex);
  ops.emplace_back("aten::slice.str(str string, int? start=None, int? end=None, int step=1) -> str", strSlice);
  ops.emplace_back("aten::list(str t) -> str[]", strList);
  ops.emplace_back("aten::join(str self, str[] values) -> str", strJoin);
  ops.emplace_back("aten::split.str(str self, str? separator=None, int max=-1) -> str[]", strSplit);
  ops.emplace_back("aten::rsplit(str self, str separator=\" \", int max=-1) -> str[]", strRSplit);
  ops.emplace_back("aten::splitlines(str self, bool keepends=False) -> str[]", strSplitLines);
  ops.emplace_back("aten::strip(str self, str chars=\" \\n\\t\\f\\v\") -> str", strStrip<true, true>);
  ops.emplace_back("aten::lstrip(str self, str chars=\" \\n\\t\\f\\v\") -> str", strStrip<true, false>);
  ops.emplace_back("aten::rstrip(str self, str chars=\" \\n\\t\\f\\v\") -> str", strStrip<false, true>);
  ops.emplace_back("aten::find(str self, str substr, int start=0, int end=-1) -> int", strFind<false>);
  ops.emplace_back("aten::rfind(str self, str substr, int start=0, int end=-1) -> int", strFind<true>);
  ops.emplace_back("aten::index.str(str self, str substr, int start=0, int end=-1) -> int", strIndexOf<false>);
  ops.emplace_back("aten::rindex(str self, str substr, int start=0, int end=-1) -> int", strIndexOf<true>);
  ops.emplace_back("aten::count(str self, str substr, int start=0, int end=-1) -> int", strCount);
  ops.emplace_back("aten::startswith(str self, str substr, int start=0, int end=-1) -> bool", strStartsWith);
  ops.emplace_back("aten::endswith(str self, str substr, int start=0, int end=-1) -> bool", strEndsWith);
  ops.emplace_back("aten::replace(str self, str old, str new, int max=-1) -> str", strReplace);
  ops.emplace_back("aten::lower(str self) -> str", strToStr<Lower>);
  ops.emplace_back("aten::upper(str self) -> str", strToStr<Upper>);
  ops.emplace_back("aten::swapcase(str self) -> str", strToStr<SwapCase>);
  ops.emplace_back("aten::title(str self) -> str", strToStr<Title>);
  ops.emplace_back("aten::capitalize(str self) -> str", strToStr<Capitalize>);
  ops.emplace_back("aten::isdigit(str self) -> bool", strToBool<IsDigit>);
  ops.emplace_back("aten::isdecimal(str self) -> bool", strToBool<IsDigit>);
  ops.emplace_back("aten::isnumeric(str self) -> bool", strToBool<IsDigit>);
  ops.emplace_back("aten::isalpha(str self) -> bool", strToBool<IsAlpha>);
  ops.emplace_back("aten::isalnum(str self) -> bool", strToBool<IsAlnum>);
  ops.emplace_back("aten::isspace(str self) -> bool", strToBool<IsSpace>);
  ops.emplace_back("aten::isprintable(str self) -> bool", strToBool<IsPrintable>);
  ops.emplace_back("aten::islower(str self) -> bool", strToBool<IsLower>);
  ops.emplace_back("aten::isupper(str self) -> bool", strToBool<IsUpper>);
  ops.emplace_back("aten::isidentifier(str self) -> bool", strToBool<IsIdentifier>);
  ops.emplace_back("aten::istitle(str self) -> bool", strToBool<IsTitle>);
  ops.emplace_back("aten::center(str self, int width, str fillchar=\" \") -> str", strCenter);
  ops.emplace_back("aten::ljust(str self, int width, str fillchar=\" \") -> str", strJustify<true>);
  ops.emplace_back("aten::rjust(str self, int width, str fillchar=\" \") -> str", strJustify<false>);
  ops.emplace_back("aten::zfill(str self, int width) -> str", strZfill);
  ops.emplace_back("aten::partition(str self, str separator) -> (str, str, str)", strPartition<false>);
  ops.emplace_back("aten::rpartition(str self, str separator) -> (str, str, str)", strPartition<true>);
  ops.emplace_back("aten::expandtabs(str self, int tabsize=8) -> str", strExpandTabs);
  ops.emplace_back("aten::ord(str string) -> int", strOrd);
  ops.emplace_back("aten::chr(int i) -> str", strChr);
  ops.emplace_back("aten::bin(int i) -> str", intToBase<2>);
  ops.emplace_back("aten::oct(int i) -> str", intToBase<8>);
  ops.emplace_back("aten::hex(int i) -> str", intToBase<16>);
  return ops;
}

RegisterOperators reg(stringOps());

}  // namespace
}  // namespace ember::jit
